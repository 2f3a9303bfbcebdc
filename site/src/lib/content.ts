import { z } from 'zod'
import { addressOf } from '#schema/address.ts'
import { isLiveAt, publishedAt } from '#schema/schedule.ts'
import { aboutSchema, type About } from '#schema/about.ts'
import { blogPostSchema, type BlogPost } from '#schema/blog.ts'
import { contactSettingsSchema, type ContactSettings } from '#schema/contact-settings.ts'
import { homeSchema, type Home } from '#schema/home.ts'
import { mediaItemSchema, type MediaItem } from '#schema/media.ts'
import { programSchema, type Program } from '#schema/program.ts'
import { referencesSchema, type References } from '#schema/reference.ts'
import { socialProjectSchema, type SocialProject } from '#schema/social-project.ts'
import { allTags } from './blog-search.ts'
import { contentDir, parseIfJsonString, readContentFile, readContentList } from './content-files.ts'
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
/**
 * Newest first by publish time (publishAt, else createdAt; undated last, stable otherwise); each date parsed once,
 * not once per comparison (10,000 posts).
 */
function newestFirst<T extends { createdAt: string; publishAt?: string }>(entries: T[]): T[] {
  return entries
    .map((entry) => ({ entry, time: publishedTime(entry) }))
    .sort((a, b) => b.time - a.time)
    .map(({ entry }) => entry)
}
// Per checked entry (kept between publishes while unchanged): its time, parsed once (issue 33).
const publishedTimes = new WeakMap<object, number>()
function publishedTime(entry: { createdAt: string; publishAt?: string }): number {
  let time = publishedTimes.get(entry)
  if (time === undefined) publishedTimes.set(entry, (time = Date.parse(publishedAt(entry)) || 0))
  return time
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
    newestFirst(readContentList(dir, 'blogs', blogPostSchema, (raw) => normaliseEntry(raw, []))),
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
export const loadPublishedBlogs = (): BlogPost[] =>
  once('published-blogs', () => {
    const now = renderNow()
    return loadAllBlogs()
      .filter((p) => isLiveAt(p, now))
      .map(asShown)
  })

/** Every distinct tag of the published posts, in Turkish order (the blog list's filter). */
export const loadPublishedBlogTags = (): string[] => once('published-blog-tags', () => allTags(loadPublishedBlogs()))

/** A published post by its address (slug, else id; undefined when missing, a draft or not live). */
export const findPublishedBlog = (address: string | undefined): BlogPost | undefined =>
  once('published-blogs-by-address', () => new Map(loadPublishedBlogs().map((p) => [addressOf(p), p]))).get(
    address ?? '',
  )

/** Every social project, drafts included, newest first. */
export const loadAllProjects = (): SocialProject[] =>
  once('social-projects', (dir) =>
    newestFirst(
      readContentList(dir, 'social-projects', socialProjectSchema, (raw) => normaliseEntry(raw, ['project_date'])),
    ),
  )

/** Published social projects live at the render's time (a missing status counts as published), newest first. */
export const loadPublishedProjects = (): SocialProject[] =>
  once('published-projects', () => {
    const now = renderNow()
    return loadAllProjects()
      .filter((p) => isLiveAt(p, now))
      .map(asShown)
  })

/** A published project by its address (slug, else id; undefined when missing, a draft or not live). */
export const findPublishedProject = (address: string | undefined): SocialProject | undefined =>
  once('published-projects-by-address', () =>
    new Map(loadPublishedProjects().map((p) => [addressOf(p), p])),
  ).get(address ?? '')

/** content/media.json by URL: the records pages read for srcset, sizes and alt text (picture.ts). */
export const loadMediaByUrl = (): Map<string, MediaItem> =>
  once('media', (dir) => new Map(readContentFile(dir, 'media', z.array(mediaItemSchema), []).map((item) => [item.url, item])))

/** content/programs.json: downloadable programs in stored order. */
export const loadPrograms = (): Program[] =>
  once('programs', (dir) => readContentFile(dir, 'programs', z.array(programSchema), []))
