import { replacedPositions } from '#schema/list-lineage.ts'
import type { PageRecord } from './export-folder.ts'
import type { MediaKeys, SitePage } from './site-bundle.ts'

/**
 * Which pages a publish renders and when it goes live (issue 28, decision 286): the decisions of
 * `site-publisher.ts` that need no site bundle, so they are unit-tested (and mutation-tested) without rendering.
 * The publisher keeps the state (the live records, the staged time, the failures) and passes it in.
 */

/**
 * More changed pages than this, and more than half the site (contact settings, a new code build), render into a
 * fresh folder, not in memory. A post appearing at 10,000 posts changes every list page (~850): still in memory.
 */
export const FULL_PUBLISH_PAGES = 300
export const isFullPublish = (changed: number, total: number) =>
  changed > FULL_PUBLISH_PAGES && changed > total / 2

/** The hashes of the media records a page showed, as they are now ('-': a record no longer in the library). */
export const pageMediaKey = (urls: string[], keys: MediaKeys): string =>
  urls.map((url) => keys.byUrl.get(url) ?? '-').join()

export type PublishPlan = {
  /** The pages to render: every page when `fresh`, else those whose key (or media) changed. */
  changed: SitePage[]
  /** Live pages no longer on the site. */
  removed: string[]
  /** Render every page into a fresh tree (new code, nothing live, or most of the site changed). */
  full: boolean
  /** Whether a path is still a page of the site. */
  onSite: (path: string) => boolean
}

/**
 * Compares the site's pages now with the live records: a page renders again when its key changed, or when the
 * media library changed (`media.all` differs from the one the live pages were checked against, `mediaSeen`) and
 * the media records the page showed hash differently now (an alt text, fewer sizes). A retried record (a page
 * that failed) carries no key, so it is always stale.
 *
 * `previous`: the pages of the last publish when the live records are exactly theirs (each page's record under
 * its key, no other record). Then only the places holding another page than `previous` are compared, found from
 * the site list's notes (schema/list-lineage.ts; issue 33: 100,000 lookups per save), and a page that left such a
 * place is removed unless it is at one of them still.
 */
export function planPublish(o: {
  fresh: boolean
  pages: SitePage[]
  records: Map<string, PageRecord>
  media: MediaKeys
  mediaSeen: string | null
  previous?: SitePage[] | null
}): PublishPlan {
  const mediaChanged = o.media.all !== o.mediaSeen
  const stale = (r: PageRecord | undefined, key: string) =>
    r?.key !== key || (mediaChanged && r.media !== undefined && pageMediaKey(r.media, o.media) !== r.mediaKey)
  let wanted: Set<string> | undefined
  const onSite = (path: string) => (wanted ??= new Set(o.pages.map((p) => p.path))).has(path)
  const carried = o.fresh || mediaChanged ? null : changedSince(o.previous, o.pages, o.records)
  if (carried) {
    const changed = carried.pages.filter((p) => stale(o.records.get(p.path), p.key))
    return { changed, removed: carried.left, full: isFullPublish(changed.length, o.pages.length), onSite }
  }
  // Live pages still on the site, counted on the way: when every live page is (a save at 10,000 pages), none was
  // removed, and the set of the site's paths is made only if asked (a failure to forget), not per publish.
  let live = 0
  const changed = o.pages.filter((p) => {
    const r = o.records.get(p.path)
    if (r) live++
    return o.fresh || stale(r, p.key)
  })
  const removed = live === o.records.size ? [] : [...o.records.keys()].filter((p) => !onSite(p))
  const full = o.fresh || isFullPublish(changed.length, o.pages.length)
  return { changed, removed, full, onSite }
}

/** More replaced places than this: every page is compared (a new chrome, a list page shift). */
const MAX_CARRIED_PAGES = 1024

/**
 * The pages at the places where `pages` holds another page than `previous` (from the site list's notes, else
 * compared place by place), and the live paths that left those places; null when the lists differ in length or in
 * more than MAX_CARRIED_PAGES places, or the records are not exactly `previous`'s pages.
 */
function changedSince(previous: SitePage[] | null | undefined, pages: SitePage[], records: Map<string, PageRecord>) {
  if (!previous || records.size !== previous.length) return null
  const at = replacedPositions(previous, pages, MAX_CARRIED_PAGES)
  if (!at) return null
  const now = at.map((i) => pages[i]!)
  const paths = new Set(now.map((p) => p.path))
  // Every other place holds the same page as before, and a site's paths are distinct: a path that left a replaced
  // place and is not at another one is no longer on the site.
  const left = at.map((i) => previous[i]!.path).filter((path) => !paths.has(path) && records.has(path))
  return { pages: now, left }
}

/** How many pages change at a later moment (`then`: the pages listed for it) against the pages of this publish. */
export function pagesChanging(now: SitePage[], then: SitePage[]): number {
  const keys = new Map(now.map((p) => [p.path, p.key]))
  return then.filter((p) => keys.get(p.path) !== p.key).length
}

/** A scheduled change is rendered this long before its time at least, and at most. */
export const MIN_STAGING_MS = 1000
export const MAX_STAGING_MS = 300_000 // 5 minutes, as a literal: Stryker cannot switch a module constant per test (decision 287)
/** setTimeout takes at most 2^31-1 ms (about 24 days): a later time is re-armed when this one fires. */
export const MAX_TIMER_MS = 2_147_483_647 // 2 ** 31 - 1

/**
 * How long before a scheduled change its publish starts: twice what rendering the pages that change then is
 * expected to cost (plus half a second), so the publish is ready and goes live on the time, not after it.
 */
export const stagingLead = (msPerPage: number, pagesThen: number) =>
  Math.min(Math.max(2 * msPerPage * pagesThen + 500, MIN_STAGING_MS), MAX_STAGING_MS)

/** The timer's wait from `nowMs` for a change due at `due`, started `lead` ahead of it. */
export const timerWait = (due: number, lead: number, nowMs: number) =>
  Math.min(Math.max(due - lead - nowMs, 0), MAX_TIMER_MS)

/**
 * The moment a publish renders for: the scheduled time its timer staged it for (still ahead), or its start. A
 * publish carrying a save renders for its start and goes live at once: a save and the scheduled time's timer
 * within one debounce share a publish, which must not hold the save until the time (publish-queue.ts,
 * `carriesSave`); the scheduled time is re-armed and gets its own publish.
 */
export const renderMoment = (stagedFor: number | null, started: number, carriesSave: boolean) =>
  carriesSave ? started : Math.max(stagedFor ?? started, started)

/** What rendering a page costs now: the last incremental publish's time per changed page (at least 1 ms). */
export const costPerPage = (previous: number, changed: number, full: boolean, ms: number) =>
  changed && !full ? Math.max(1, ms / changed) : previous

/** Up to this many failing pages (or fewer than half of those rendered) fail alone; more fail the publish. */
export const FAILED_PAGES_ALONE = 3

/** The site's loader refusing a content file (site/src/lib/content-files.ts), in this process or a child's. */
export const isContentFileError = (err: unknown) =>
  /^İçerik dosyası (geçersiz|okunamadı)/.test(err instanceof Error ? err.message : String(err))

/**
 * Many pages failing at once is the code (a broken build), or a value on every page: the publish fails as a
 * whole (the first error is thrown) and nothing goes live; a few pages failing is a value they carry.
 */
export function throwIfMostFail(failed: Map<string, unknown>, tried: number) {
  if (failed.size > FAILED_PAGES_ALONE && failed.size > tried / 2) throw failed.values().next().value
  // A content file the site's schemas refuse is no value of one page: the whole publish fails, as it did.
  for (const err of failed.values()) if (isContentFileError(err)) throw err
}

/** A record that no page key matches: the page is rendered again by every publish until it renders. */
export const retried = (r: PageRecord): PageRecord => ({ ...r, key: '' })

/**
 * The live records after an incremental publish went live, changed in place: the rendered pages' new records, the
 * removed pages gone, and each failed page's previous record (if it had one) kept under no key, so the next
 * publish tries it again.
 */
export function applyPublished(
  records: Map<string, PageRecord>,
  rendered: { path: string; record: PageRecord }[],
  removed: string[],
  failed: string[],
): void {
  for (const r of rendered) records.set(r.path, r.record)
  for (const path of removed) records.delete(path)
  for (const path of failed) {
    const old = records.get(path)
    if (old) records.set(path, retried(old))
  }
}

/** The pages a full publish rendered: their new record carries their key (a failed one kept its old, retried). */
export const renderedNow = (pages: SitePage[], next: Map<string, PageRecord>) =>
  pages.filter((p) => next.get(p.path)?.key === p.key)

/**
 * A failure noted before for the same version of the page with the same message: only its publish number and
 * whether it kept a live version change (its field is not searched again).
 */
export const sameFailure = <K extends { key: string; message: string }>(
  known: K | undefined,
  page: SitePage,
  message: string,
): known is K => known?.key === page.key && known.message === message

/**
 * The key a failure is noted under: the page's, unless the page has a subject whose field this publish did not
 * search (over its budget): then none, so a later publish searches it.
 */
export const failureKey = (page: SitePage, hasSubject: boolean, searched: boolean) =>
  searched || !hasSubject ? page.key : ''
