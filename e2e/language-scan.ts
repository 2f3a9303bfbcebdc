import type { Page } from 'playwright/test'
import { VALIDATION_BAN_LIST } from '#schema/error-map.ts'

/**
 * English words that must never be on a screen staff or visitors see (issue 23): UI verbs and nouns, role names,
 * raw error texts, HTTP methods and JavaScript values that leak when something goes wrong. Matched as whole words,
 * case-insensitively. Words that are also Turkish ('size', 'program', 'video', 'blog', 'slider', 'no') are left out.
 */
export const ENGLISH_UI_WORDS = [
  'About', 'Add', 'Admin', 'Author', 'Back', 'Browse', 'Bytes', 'Cancel', 'Choose', 'Click', 'Close', 'Confirm',
  'Contact', 'Created', 'Dashboard', 'Date', 'Delete', 'Deleted', 'Description', 'Details', 'Download', 'Draft',
  'Drag', 'Drop', 'Edit', 'Email', 'Embed', 'Error', 'Failed', 'Forbidden', 'Home', 'Image', 'Images', 'Invalid',
  'Library', 'Loading', 'Login', 'Logout', 'Member', 'Members', 'Message', 'Messages', 'New', 'Next', 'Password',
  'Preview', 'Previous', 'Profile', 'Published', 'Read', 'Remove', 'Request', 'Role', 'Save', 'Saving', 'Search',
  'Select', 'Send', 'Settings', 'Status', 'Submit', 'Success', 'Super', 'Tags', 'Title', 'Unauthorized',
  'Unexpected', 'Update', 'Updated', 'Upload', 'User', 'Users', 'Views', 'Warning',
  // Leaks: HTTP and JavaScript.
  'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'JSON', 'undefined', 'null', 'NaN', 'token',
] as const

/**
 * Texts the spec gives in English that stay. The spec's 'Library Admin' (section 2) reads 'Kütüphane Yöneticisi'
 * on every screen since issue 30, so none is exempt now.
 */
export const SPEC_TEXTS = [] as readonly string[]

/** An ISO date or date-time as a machine writes it: 2026-11-24, 2026-11-24T21:47:47.504Z. */
export const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?\b/g
/** An HTTP path of ours shown as text (the audit log once said 'POST /api/admin/…'), or a raw upload path. */
const RAW_PATH = /(?:^|[\s(])\/(?:api|uploads)\/\S*/g
/** E-mail addresses and URLs are data, not UI words ('admin@ornek.com' is fine). */
const DATA = /\S+@\S+\.\S+|https?:\/\/\S+|www\.\S+/g

/** Schema words of a raw validation message (issue 30: 'Çok büyük: beklenen string <=5000 karakter'), as words. */
const SCHEMA_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(${VALIDATION_BAN_LIST.filter((w) => /^\w+$/.test(w)).join('|')})(?![\\p{L}\\p{N}_-])|<=`,
  'giu',
)

// Whole words with Turkish letters counted as letters (\b would split 'Güncelle' at 'ü').
const WORDS = new RegExp(`(?<![\\p{L}\\p{N}_-])(${ENGLISH_UI_WORDS.join('|')})(?![\\p{L}\\p{N}_-])`, 'giu')

/** Options: more allowed phrases (a page's own content, e.g. a brand name) and ids to skip. */
export type ScanOptions = { allow?: readonly string[] }

/**
 * Every English UI word, schema word of a raw validation message, ISO date and raw API/upload path in `text`, each as 'english: Save', 'iso-date: …' or
 * 'path: …' (empty when the text is clean). E-mail addresses, URLs and `SPEC_TEXTS` are skipped.
 */
export function findLanguageProblems(text: string, options: ScanOptions = {}): string[] {
  let clean = text.replace(DATA, ' ')
  for (const phrase of [...SPEC_TEXTS, ...(options.allow ?? [])]) clean = clean.split(phrase).join(' ')
  const found = [
    ...[...clean.matchAll(WORDS)].map((m) => `english: ${m[1]} (…${around(clean, m.index)}…)`),
    ...[...clean.matchAll(SCHEMA_WORDS)].map((m) => `schema-word: ${m[0]} (…${around(clean, m.index)}…)`),
    ...[...clean.matchAll(ISO_DATE)].map((m) => `iso-date: ${m[0]}`),
    ...[...clean.matchAll(RAW_PATH)].map((m) => `path: ${m[0].trim()}`),
  ]
  return [...new Set(found)]
}

function around(text: string, at: number): string {
  return text.slice(Math.max(0, at - 25), at + 25).replace(/\s+/g, ' ')
}

/**
 * What a person sees on the page: the rendered text of the body (hidden elements excluded, open dialogs
 * included), plus placeholders and the text of image buttons, which innerText leaves out.
 */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const extra = [...document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')]
      .filter((el) => el.checkVisibility?.() ?? true)
      .flatMap((el) => [el.getAttribute('placeholder'), el.getAttribute('aria-label'), el.getAttribute('title')])
      .filter(Boolean)
    return [document.title, document.body.innerText, ...extra].join('\n')
  })
}

/** The language problems on the page as it is now (see `findLanguageProblems`). */
export async function scanPage(page: Page, options: ScanOptions = {}): Promise<string[]> {
  return findLanguageProblems(await visibleText(page), options)
}
