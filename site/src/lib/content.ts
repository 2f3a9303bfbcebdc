import { z } from 'zod'
import { addressOf, type Addressed } from '#schema/address.ts'
import { isLiveAt, nextChangeAfter, publishedAt, type Scheduled } from '#schema/schedule.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { aboutSchema, type About } from '#schema/about.ts'
import { blogPostSchema, type BlogPost } from '#schema/blog.ts'
import { contactSettingsSchema, type ContactSettings } from '#schema/contact-settings.ts'
import { homeSchema, type Home } from '#schema/home.ts'
import { mediaItemSchema, type MediaItem } from '#schema/media.ts'
import { programSchema, type Program } from '#schema/program.ts'
import { referencesSchema, type References } from '#schema/reference.ts'
import { socialProjectSchema, type SocialProject } from '#schema/social-project.ts'
import { inTurkishOrder } from './blog-search.ts'
import { contentDir, parseIfJsonString, readContentFile, readContentList } from './content-files.ts'
import { carriedStep } from './list-steps.ts'
import { renderScope } from './render-scope.ts'

// Every page of one publish reads the same files: read and check each once per folder and publish version.
const cache = new Map<string, { version: number; values: Map<string, unknown> }>()
function once<T>(key: string, load: (dir: string) => T): T {
  const dir = contentDir()
  const version = renderScope.getStore()?.version ?? 0
  let entry = cache.get(dir)
  if (!entry || entry.version !== version) cache.set(dir, (entry = { version, values: new Map() }))
  if (!entry.values.has(key)) entry.values.set(key, load(dir))
  return entry.values.get(key) as T
}

const asRecord = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}

/**
 * Older records use snake_case names (spec 3): accept created_at and content_structure too. A record without a
 * date gets '' so its page says 'Tarih belirtilmemiş' (spec 5) instead of failing the whole build.
 */
function normaliseEntry(raw: unknown, dateFields: readonly string[]): unknown {
  const entry = asRecord(raw)
  if (Object.keys(entry).length === 0) return raw
  const missingDates = Object.fromEntries(dateFields.map((field) => [field, entry[field] ?? '']))
  return {
    ...entry,
    ...missingDates,
    createdAt: entry.createdAt ?? entry.created_at ?? '',
    contentStructure: withImageSources(
      parseIfJsonString(entry.contentStructure ?? entry.content_structure),
      entry.images,
    ),
  }
}

/** An image item may name its picture by imageIndex into the record's images (spec 3) instead of by src. */
function withImageSources(items: unknown, images: unknown): unknown {
  if (!Array.isArray(items) || !Array.isArray(images)) return items
  return items.map((raw) => {
    const item = asRecord(raw)
    const byIndex = typeof item.imageIndex === 'number' ? images[item.imageIndex] : undefined
    return item.type === 'image' && !item.src && typeof byIndex === 'string' ? { ...item, src: byIndex } : raw
  })
}
type Dated = { createdAt: string; publishAt?: string }

/**
 * Newest first by publish time (publishAt, else createdAt; undated last, stable otherwise); each date parsed once,
 * not once per comparison (10,000 posts). `order[i]` is where entry i of the source went.
 */
function sortNewestFirst<T extends Dated>(entries: readonly T[]): { list: T[]; order: Int32Array } {
  const timed = entries.map((entry, i) => ({ entry, i, time: publishedTime(entry) })).sort((a, b) => b.time - a.time)
  const order = new Int32Array(entries.length)
  timed.forEach((t, at) => (order[t.i] = at))
  return { list: timed.map((t) => t.entry), order }
}
const sortedLists = carriedStep<Dated, { list: Dated[]; order: Int32Array }>()
/**
 * sortNewestFirst, carried from the last publish (list-steps.ts): an entry replaced by one with the same publish
 * time takes its place (the sort is stable, so its position is the same); another time sorts again.
 */
function newestFirst<T extends Dated>(key: string, entries: readonly T[]): T[] {
  const sorted = sortedLists.run(key, entries, () => sortNewestFirst(entries), (last, before, positions) => {
    if (positions.some((i) => publishedTime(before[i]!) !== publishedTime(entries[i]!))) return null
    const list = last.list.slice()
    for (const i of positions) list[last.order[i]!] = entries[i]!
    noteReplaced(list, last.list, positions.map((i) => last.order[i]!))
    return { list, order: last.order }
  })
  return sorted.list as T[]
}
// Per checked entry (kept between publishes while unchanged): its time, parsed once (issue 33).
const publishedTimes = new WeakMap<object, number>()
function publishedTime(entry: Dated): number {
  let time = publishedTimes.get(entry)
  if (time === undefined) publishedTimes.set(entry, (time = Date.parse(publishedAt(entry)) || 0))
  return time
}

/**
 * The items live at `now`, as the site shows them, and the next time after `now` at which one appears or
 * disappears (null: none). `at[i]`: where item i of the source is in `list` (-1: not live).
 */
type Live<T> = { list: T[]; at: Int32Array; now: number; next: number | null }
function liveAt<T extends Scheduled & Dated>(all: readonly T[], now: number): Live<T> {
  const list: T[] = []
  const at = new Int32Array(all.length).fill(-1)
  all.forEach((item, i) => {
    if (isLiveAt(item, now)) at[i] = list.push(asShown(item)) - 1
  })
  return { list, at, now, next: nextChangeAfter(all, now) }
}
const liveLists = carriedStep<Scheduled & Dated, Live<Scheduled & Dated>>()
/**
 * liveAt, carried from the last publish (list-steps.ts) while no scheduled time has passed since (`now` before
 * the last `next`): a replaced item live before and now takes its place; an item that became live or not, or whose
 * scheduled time was the next one, derives the list again.
 */
function liveNow<T extends Scheduled & Dated>(key: string, all: readonly T[], now: number): Live<T> {
  return liveLists.run(key, all, () => liveAt(all, now), (last, before, positions) => {
    if (now < last.now || (last.next !== null && now >= last.next)) return null
    let next = last.next
    const list = last.list.slice()
    const replaced: number[] = []
    for (const i of positions) {
      const live = isLiveAt(all[i]!, now)
      if (live !== last.at[i]! >= 0 || (next !== null && nextChangeAfter([before[i]!], now) === next)) return null
      if (live) {
        list[last.at[i]!] = asShown(all[i]!)
        replaced.push(last.at[i]!)
      }
      const own = nextChangeAfter([all[i]!], now)
      if (own !== null && (next === null || own < next)) next = own
    }
    noteReplaced(list, last.list, replaced)
    return { list, at: last.at, now, next }
  }) as Live<T>
}

/** content/contact-settings.json: brand, logo, contact details, social links. */
export const loadContactSettings = (): ContactSettings =>
  once('contact-settings', (dir) => readContentFile(dir, 'contact-settings', contactSettingsSchema, {}))

/** content/home.json: banner, services tree, about block, partners, blog section texts. */
export const loadHome = (): Home =>
  once('home', (dir) =>
    readContentFile(dir, 'home', homeSchema, {}, (raw) => {
      const home = asRecord(raw)
      const section = (key: string) => asRecord(parseIfJsonString(home[key]))
      return Object.fromEntries(
        ['banner', 'services', 'about', 'partners', 'blog'].map((k) => [k, section(k)]),
      )
    }),
  )

/** content/about.json: the who-are-we fields. */
export const loadAbout = (): About => once('about', (dir) => readContentFile(dir, 'about', aboutSchema, {}))

/** content/references.json: cards and slider images (either may be stored as a JSON string). */
export const loadReferences = (): References =>
  once('references', (dir) =>
    readContentFile(dir, 'references', referencesSchema, {}, (raw) => {
      const refs = asRecord(raw)
      return { cards: parseIfJsonString(refs.cards), sliderImages: parseIfJsonString(refs.sliderImages) }
    }),
  )

/** Every blog post, drafts included, newest first. */
export const loadAllBlogs = (): BlogPost[] =>
  once('blogs', (dir) =>
    newestFirst(`${dir}:blogs`, readContentList(dir, 'blogs', blogPostSchema, (raw) => normaliseEntry(raw, []))),
  )

/** The render's clock: the publish's (render-scope.ts), else now. */
const renderNow = (): number => renderScope.getStore()?.now ?? Date.now()

/**
 * A live item as the site shows it: dated by its publish time (cards, RSS, JSON-LD), so a scheduled post reads as
 * published when it appeared. Items without publishAt stay the same object (their page keys are memoised on it).
 */
const asShown = <T extends { createdAt: string; publishAt?: string }>(item: T): T =>
  item.publishAt ? { ...item, createdAt: item.publishAt } : item

/** Published blog posts live at the render's time (schema/schedule.ts), newest first (what the public site shows). */
export const loadPublishedBlogs = (): BlogPost[] => liveBlogs().list

const liveBlogs = () => once('live-blogs', (dir) => liveNow(`${dir}:blogs`, loadAllBlogs(), renderNow()))
const liveProjects = () => once('live-projects', (dir) => liveNow(`${dir}:social-projects`, loadAllProjects(), renderNow()))

/**
 * The next time (ms) after the render's clock at which a scheduled post or project appears or disappears (null:
 * none): the publisher arms its timer for it (issue 21).
 */
export function loadNextChange(): number | null {
  const times = [liveBlogs().next, liveProjects().next].filter((t) => t !== null)
  return times.length ? Math.min(...times) : null
}

/** Every distinct tag of the published posts, in Turkish order (the blog list's filter). */
export const loadPublishedBlogTags = (): string[] =>
  once('published-blog-tags', (dir) => {
    const posts = loadPublishedBlogs()
    return publishedTags.run(dir, posts, () => countTags(posts), (last, before, at) => carryTags(last, before, at, posts)).tags
  })

/** How many published posts carry each tag, and the tags in Turkish order (the same array while the set stays). */
type TagCount = { counts: Map<string, number>; tags: string[] }
function countTags(posts: readonly BlogPost[]): TagCount {
  const counts = new Map<string, number>()
  for (const post of posts) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  return { counts, tags: inTurkishOrder(counts.keys()) }
}
const publishedTags = carriedStep<BlogPost, TagCount>()
/** The counts moved by the replaced posts; the order is sorted again only when a tag came or went. */
function carryTags(last: TagCount, before: readonly BlogPost[], positions: number[], posts: readonly BlogPost[]): TagCount {
  const counts = new Map(last.counts)
  let same = true
  for (const i of positions) {
    for (const tag of before[i]!.tags) {
      const n = counts.get(tag)! - 1
      if (n > 0) counts.set(tag, n)
      else {
        counts.delete(tag)
        same = false
      }
    }
    for (const tag of posts[i]!.tags) {
      const n = (counts.get(tag) ?? 0) + 1
      if (n === 1) same = false
      counts.set(tag, n)
    }
  }
  return { counts, tags: same ? last.tags : inTurkishOrder(counts.keys()) }
}

/** A published post by its address (slug, else id; undefined when missing, a draft or not live). */
export const findPublishedBlog = (address: string | undefined): BlogPost | undefined =>
  once('published-blogs-by-address', (dir) => byAddress(`${dir}:blogs`, loadPublishedBlogs())).find(address ?? '')

/** Every social project, drafts included, newest first. */
export const loadAllProjects = (): SocialProject[] =>
  once('social-projects', (dir) =>
    newestFirst(
      `${dir}:social-projects`,
      readContentList(dir, 'social-projects', socialProjectSchema, (raw) => normaliseEntry(raw, ['project_date'])),
    ),
  )

/** Published social projects live at the render's time (a missing status counts as published), newest first. */
export const loadPublishedProjects = (): SocialProject[] => liveProjects().list

/** A published project by its address (slug, else id; undefined when missing, a draft or not live). */
export const findPublishedProject = (address: string | undefined): SocialProject | undefined =>
  once('published-projects-by-address', (dir) => byAddress(`${dir}:social-projects`, loadPublishedProjects())).find(
    address ?? '',
  )

/**
 * The live items by address: a map made whole now and then, and the addresses the saves since then changed
 * (`undefined`: no item there any more), so a publish at 10,000 posts does not map every post again.
 */
type ByAddress = { all: Map<string, Addressed>; since: Map<string, Addressed | undefined> }
const addressSteps = carriedStep<Addressed, ByAddress>()
/** More changed addresses than this since the whole map: map everything again. */
const MAX_CHANGED_ADDRESSES = 256
function byAddress<T extends Addressed>(key: string, items: readonly T[]): { find: (address: string) => T | undefined } {
  const all = (): ByAddress => ({ all: new Map(items.map((p) => [addressOf(p), p])), since: new Map() })
  const map = addressSteps.run(key, items, all, (last, before, positions) => {
    if (last.since.size + 2 * positions.length > MAX_CHANGED_ADDRESSES) return null
    const since = new Map(last.since)
    // Every replaced item's old address first: two items that swapped addresses end up each at its new one.
    for (const i of positions) since.set(addressOf(before[i]!), undefined)
    for (const i of positions) since.set(addressOf(items[i]!), items[i]!)
    return { all: last.all, since }
  })
  return { find: (address) => (map.since.has(address) ? map.since.get(address) : map.all.get(address)) as T | undefined }
}

/** content/media.json by URL: the records pages read for srcset, sizes and alt text (picture.ts). */
export const loadMediaByUrl = (): Map<string, MediaItem> =>
  once('media', (dir) => new Map(readContentFile(dir, 'media', z.array(mediaItemSchema), []).map((item) => [item.url, item])))

/** content/programs.json: downloadable programs in stored order. */
export const loadPrograms = (): Program[] =>
  once('programs', (dir) => readContentFile(dir, 'programs', z.array(programSchema), []))
