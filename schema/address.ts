import { z } from 'zod'
import { msg } from './messages.ts'

/** Longest address part we make or accept (a title of 300 characters becomes at most this). */
export const MAX_SLUG = 80

const TURKISH: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i: 'i', ö: 'o', ş: 's', ü: 'u' }

/**
 * The readable address part of a title: Turkish letters transliterated (ç→c, ğ→g, ı/İ→i, ö→o, ş→s, ü→u), other
 * accents dropped, lower case, runs of anything else one hyphen. '' when nothing readable is left.
 */
export function slugify(title: string): string {
  const lower = title.toLocaleLowerCase('tr-TR')
  const latin = [...lower].map((ch) => TURKISH[ch] ?? ch).join('')
  return latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '')
}

/** `base`, or `base-2`, `base-3`… : the first one not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    // Cut before the suffix, never on a hyphen: 'a-b-…-' + '-2' would be '--', which no stored address may have.
    const stem = base.slice(0, MAX_SLUG - String(n).length - 1).replace(/-+$/, '')
    const candidate = stem ? `${stem}-${n}` : String(n)
    if (!taken.has(candidate)) return candidate
  }
}

/** What an item's public address part is: its slug, or (items made before addresses existed) its id. */
export type Addressed = { id: string; slug?: string; oldSlugs?: readonly string[] }
export const addressOf = (item: Addressed): string => item.slug || item.id

/** Every address part an item answers to: its address, its id and the addresses it had before. */
export const addressesOf = (item: Addressed): string[] => [
  ...new Set([addressOf(item), item.id, ...(item.oldSlugs ?? [])]),
]

/** The 'Adres' field staff type: a-z, 0-9 and single hyphens (typed Turkish letters are transliterated). */
export const slugInput = z
  .string()
  .trim()
  .max(200, { error: msg.slugInvalid })
  .transform((v) => slugify(v))
  .refine((v) => v.length > 0, { error: msg.slugInvalid })

/** A stored address part. */
export const storedSlug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: msg.slugInvalid }).max(MAX_SLUG)
