import { addressOf } from '#schema/address.ts'
import { FIELD_LABELS } from '#schema/field-names.ts'
import { msg } from '#schema/messages.ts'
import { PART_PATH, STATIC_PART } from '#schema/sitemap-parts.ts'

/**
 * Pages a publish could not render while every other page went live (issue 27, point 2): what the page is, which
 * field of its content breaks it, and what visitors see meanwhile. A failed page keeps its previous version live
 * and its old key, so every later publish tries it again; a render that succeeds takes it off the list.
 */
export type PageFailure = {
  path: string
  /** For staff: the page, the field and what is live instead ('Blog yazısı “X” (alan: Özet) güncellenemedi; …'). */
  text: string
  /** The render's own error: for the operator's log and /readyz. */
  message: string
  /** The content the page shows, when it has one subject (a post, a project, a fixed page's file). */
  collection: string | null
  itemId: string | null
  /** The field whose value breaks the page (its stored name), when the search found one. */
  field: string | null
  /** The previous version of the page stays live (else the page is not published yet). */
  kept: boolean
  /** The last publish that tried the page. */
  publish: number
}

export type Read = (name: string) => unknown
type Entry = Record<string, unknown>

/** Fixed pages and the file whose content is their subject. */
const FIXED_PAGES: Record<string, [collection: string, label: string]> = {
  '/': ['home', 'Ana sayfa'],
  '/hakkimizda': ['about', 'Hakkımızda sayfası'],
  '/biz-kimiz': ['about', 'Hakkımızda sayfası'],
  '/iletisim': ['contact-settings', 'İletişim sayfası'],
  '/bize-ulasin': ['contact-settings', 'İletişim sayfası'],
  '/programlar': ['programs', 'Programlar sayfası'],
  '/referanslarimiz': ['references', 'Referanslar sayfası'],
}
/** A post's and a project's own page ('/blog/sayfa/2' is a list page: one more segment). */
const ITEM_PAGES: [pattern: RegExp, collection: string, noun: string][] = [
  [/^\/blog\/([^/]+)$/, 'blogs', 'Blog yazısı'],
  [/^\/sosyal-sorumluluk\/([^/]+)$/, 'social-projects', 'Proje'],
]
/** Pages with no one subject. */
const OTHER_PAGES: [pattern: RegExp, label: string][] = [
  [/^\/blog(\/sayfa\/\d+)?$/, 'Blog listesi'],
  [/^\/sosyal-sorumluluk-projelerimiz(\/sayfa\/\d+)?$/, 'Projeler listesi'],
  [/^\/rss\.xml$/, 'RSS beslemesi'],
  [/^\/sitemap\.xml$/, 'Site haritası'],
]

/** What a page shows: its subject's file and item (null: a whole small file), and its name for staff. */
export type PageSubject = { collection: string; item: Entry | null; label: string }

export function pageSubject(path: string, read: Read): PageSubject | null {
  for (const [pattern, collection, noun] of ITEM_PAGES) {
    const address = pattern.exec(path)?.[1]
    if (address === undefined) continue
    const list = read(collection)
    const wanted = safeDecode(address)
    const item = Array.isArray(list) ? (list as Entry[]).find((e) => addressOf(e as { id: string; slug?: string }) === wanted) : undefined
    if (!item) return null
    return { collection, item, label: `${noun} “${typeof item.title === 'string' ? item.title : wanted}”` }
  }
  const fixed = FIXED_PAGES[path]
  return fixed ? { collection: fixed[0], item: null, label: fixed[1] } : null
}

/** The page's name for staff when it has no one subject (never its address: staff read words). */
export function pageLabel(path: string, subject: PageSubject | null): string {
  if (subject) return subject.label
  return OTHER_PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? sitemapPartLabel(path) ?? 'Sitenin bir sayfası'
}

/** A part of a large site's sitemap (decision 342): which addresses it holds, and its content folder. */
function sitemapPartLabel(path: string): string | null {
  const [, name, section, folder] = PART_PATH.exec(path) ?? []
  if (name === undefined) return null
  if (name === STATIC_PART) return 'Site haritası (sabit sayfalar)'
  return `Site haritası (${section === 'blog' ? 'blog yazıları' : 'projeler'}, bölüm ${folder})`
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** At most this many extra renders to find a failing page's field (only ever after a failure). */
const MAX_TRIES = 80

/** Values to try in a field's place: its value when the page last rendered, then none, then an empty one. */
function candidates(value: unknown, good: unknown): unknown[] {
  const out: unknown[] = []
  if (good !== undefined && JSON.stringify(good) !== JSON.stringify(value)) out.push(good)
  out.push(undefined)
  if (typeof value === 'string') out.push('', 'a')
  else if (Array.isArray(value)) out.push([])
  return out
}

/**
 * Which field breaks a page's render: each field of its subject in turn is put back to its value when the page
 * last rendered (`good`), or left out, or emptied, and the page rendered again in memory; the first field whose
 * change lets the page render is the one named. A list file (programs, references) is searched item by item.
 */
export async function findFailingField(
  subject: PageSubject,
  read: Read,
  good: Entry | undefined,
  renders: (read: Read) => Promise<boolean>,
): Promise<{ field: string; itemId: string | null } | null> {
  const file = read(subject.collection)
  const targets: Entry[] = subject.item
    ? [subject.item]
    : Array.isArray(file)
      ? (file as Entry[])
      : file && typeof file === 'object'
        ? [file as Entry]
        : []
  let tries = 0
  for (const target of targets) {
    for (const [field, value] of Object.entries(target)) {
      if (field === 'id') continue
      for (const instead of candidates(value, target === subject.item ? good?.[field] : undefined)) {
        if (++tries > MAX_TRIES) return null
        const changed: Entry = { ...target, [field]: instead }
        if (instead === undefined) delete changed[field]
        const nextFile = Array.isArray(file) ? (file as Entry[]).map((e) => (e === target ? changed : e)) : changed
        const altered: Read = (name) => (name === subject.collection ? nextFile : read(name))
        if (await renders(altered)) return { field, itemId: typeof target.id === 'string' ? target.id : null }
      }
    }
  }
  return null
}

/** The sentence staff read for a failed page. */
export function failureText(path: string, subject: PageSubject | null, field: string | null, kept: boolean): string {
  return msg.pageNotPublished(pageLabel(path, subject), field ? (FIELD_LABELS[field] ?? field) : null, kept)
}
