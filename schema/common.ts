import { z } from 'zod'
import { msg } from './messages.ts'
import { invalidLinkMessage, invalidMediaMessage, invalidPageLinkMessage, turkishErrorMap } from './error-map.ts'

// zod's own messages (wrong type, too long, empty) in plain Turkish naming the field, everywhere the shared schemas
// run (api, admin, site; issue 30, schema/error-map.ts); messages the schemas set themselves still win.
z.config({ localeError: turkishErrorMap })
// In browsers the CSP forbids eval (decision 018): zod's probe for its eval-based fast path would only raise a
// violation report there. The server keeps the fast path.
if (typeof window !== 'undefined') z.config({ jitless: true })

/**
 * Control characters nobody types: C0 except tab and line breaks (a text area sends those), DEL, C1. Git output
 * was once split on \x1e/\x1f, so a title holding them forged history entries (issue 18); they are refused in
 * every content text, and single-line fields (titles, names) refuse tab and line breaks too.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** A string of a text area: any text, line breaks and tabs, but no other control character. */
export const text = (error?: string) =>
  z.string(error ? { error } : undefined).refine((v) => !CONTROL.test(v), { error: msg.controlCharacters })

/** A string of a one-line field (title, name): no control character at all, not even a line break or tab. */
export const line = (error?: string) =>
  z.string(error ? { error } : undefined).refine((v) => !LINE_CONTROL.test(v), { error: msg.lineControlCharacters })

/** A trimmed text (text area) that must not be blank; `message` is shown when it is. */
export const requiredText = (message: string = msg.required) => text(message).trim().min(1, { error: message })

/** A trimmed one-line text that must not be blank. */
export const requiredLine = (message: string = msg.required) => line(message).trim().min(1, { error: message })

/** A trimmed optional text (text area); missing becomes ''. */
export const optionalText = (max = 20000) => text().trim().max(max).optional().default('')

/** A trimmed optional one-line text (title, label); missing becomes ''. */
export const optionalLine = (max = 500) => line().trim().max(max).optional().default('')

/** An http(s) URL, or '' for "not set". */
export const urlOrEmpty = (message?: string) =>
  z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), { error: (issue) => message ?? invalidLinkMessage(issue.path) })

/** An e-mail address (required), at most 254 characters (RFC 5321): logins key their rate limit on it. */
export const email = () =>
  z
    .string({ error: msg.invalidEmail })
    .trim()
    .max(254, { error: msg.invalidEmail })
    .toLowerCase()
    .pipe(z.email({ error: msg.invalidEmail }))

/** Ids are generated on the server: short url-safe strings. */
export const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: msg.invalidId })

/** A path to a file we serve ourselves (uploads or bundled demo assets), or an http(s) URL, or ''. */
export const mediaRef = z
  .string()
  .trim()
  .max(2048)
  .refine(
    // The path test first: new URL() throws on a path, and a throw per image made checking 10,000 posts slow.
    (v) => v === '' || (/^\/(uploads|demo)\/[A-Za-z0-9._\/-]+$/.test(v) && !v.includes('..')) || isHttpUrl(v),
    { error: (issue) => invalidMediaMessage(issue.path) },
  )

/**
 * A link a page shows as an href: '', a path of this site ('/…'), '#anchor', an http(s) URL, mailto: or tel:.
 * Never javascript:, data: or a protocol-relative '//host' (browsers also read '/\\' and '/<tab>/' as '//').
 */
export const linkOrEmpty = (max = 500, message?: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v === '' || isSafeLink(v), { error: (issue) => message ?? invalidPageLinkMessage(issue.path) })

/** True for the link forms linkOrEmpty accepts (see there). */
export function isSafeLink(value: string): boolean {
  if (/^\/(?![/\\])[^\s\\]*$/.test(value) || /^#[^\s]*$/.test(value)) return true
  return isHttpUrl(value) || /^(mailto|tel):[^\s]+$/i.test(value)
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    // A host name of letters, digits, dots and hyphens (IDNs arrive as punycode), or an IP: the URL parser lets
    // '$' or '!' through, and such a host breaks the CSP and nginx lines that carry it (issue 27).
    const host = /^[a-z0-9.-]+$/i.test(url.hostname) || /^\[[0-9a-f:.]+\]$/i.test(url.hostname)
    return (url.protocol === 'http:' || url.protocol === 'https:') && host
  } catch {
    return false
  }
}

/** Publication state of blog posts and social projects; missing means published. */
export const status = z
  .enum(['published', 'draft'], { error: 'Geçersiz yayın durumu.' })
  .optional()
  .default('published')

/** Excerpt fallback from the spec: first 150 characters of the title plus '...'. */
export function excerptFallback(excerpt: string | undefined, title: string): string {
  const trimmed = (excerpt ?? '').trim()
  return trimmed !== '' ? trimmed : `${title.slice(0, 150)}...`
}
