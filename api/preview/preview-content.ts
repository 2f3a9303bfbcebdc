import { z } from 'zod'
import { aboutSchema } from '#schema/about.ts'
import { addressOf, slugify } from '#schema/address.ts'
import { blogInputSchema, type BlogPost } from '#schema/blog.ts'
import { contactSettingsInputSchema } from '#schema/contact-settings.ts'
import { mediaRef } from '#schema/common.ts'
import { homeSectionPatchSchemas, type HomeSection } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { programInputSchema } from '#schema/program.ts'
import { referenceCardInputSchema } from '#schema/reference.ts'
import { projectInputSchema, type SocialProject } from '#schema/social-project.ts'
import type { Deps } from '../app-env.ts'
import { editedAddress, newItemSlug } from '../entries/addresses.ts'
import { mergePatch } from '../entries/partial-patch.ts'
import { resolveStructure } from '../forms/content-structure.ts'
import { parseOrFail } from '../forms/validation.ts'
import { fail } from '../lib/errors.ts'

/** Editors whose content a public page shows, by the content collection they save (issue 21). */
export const PREVIEW_COLLECTIONS = [
  'blogs',
  'social-projects',
  'programs',
  'references',
  'home',
  'about',
  'contact-settings',
] as const
export type PreviewCollection = (typeof PREVIEW_COLLECTIONS)[number]

/** POST /api/admin/preview: the fields of a save (images as URLs), the item's id when it exists, and `share`. */
export const previewRequestSchema = z.object({
  collection: z.enum(PREVIEW_COLLECTIONS, { error: msg.previewCollectionInvalid }),
  id: z.string().max(64).optional(),
  data: z.record(z.string(), z.unknown()),
  share: z.boolean().optional().default(false),
})
export type PreviewRequest = z.output<typeof previewRequestSchema>

/** What a preview renders: the page, and the collections it replaces in the content the renderer reads. */
export type PreviewContent = { path: string; overlay: Record<string, unknown> }

/** An id the preview gives an item that does not exist yet (never stored). */
const NEW_ID = 'onizleme'

/** A list with the item of `id` replaced (or the item added when it is new). */
const withItem = <T extends { id: string }>(items: readonly T[], item: T): T[] =>
  items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item]

/**
 * A scheduled or draft item shown as it will look once live: published, dated by its publish time, no schedule
 * left (the renderer would hide it otherwise). Nothing else differs from what the save would store.
 */
function asLive<T extends { status?: string; createdAt: string; publishAt?: string; unpublishAt?: string }>(item: T): T {
  const { publishAt, unpublishAt: _until, ...rest } = item
  return { ...rest, status: 'published', createdAt: publishAt || item.createdAt } as T
}

/**
 * The content a preview renders: the editor's unsaved values applied exactly as the save would apply them
 * (the same schemas, structure and address rules), on top of the content as it is now.
 */
export async function previewContent(deps: Deps, req: PreviewRequest): Promise<PreviewContent> {
  const { content } = deps
  const at = deps.now().toISOString()
  const data = req.data
  switch (req.collection) {
    case 'blogs': {
      const posts = content.read('blogs')
      const stored = req.id ? posts.find((p) => p.id === req.id) : undefined
      if (req.id && !stored) fail(404, msg.blogNotFound)
      const { slug: typed, publishAt, unpublishAt, ...input } = parseOrFail(blogInputSchema, data)
      const structure = await resolveStructure(deps, input.contentStructure, [], stored?.images ?? [])
      const base: BlogPost = stored ?? ({ id: NEW_ID, createdAt: at } as BlogPost)
      const address = stored ? editedAddress(posts, stored, typed) : { slug: newItemSlug(posts, input.title, typed, NEW_ID) }
      const post = asLive({
        ...base,
        ...input,
        ...address,
        publishAt,
        unpublishAt,
        featuredImage: structure.images[0] ?? '',
        images: structure.images,
        contentStructure: structure.items,
        updatedAt: at,
      } as BlogPost)
      return { path: `/blog/${addressOf(post)}`, overlay: { blogs: withItem(posts, post) } }
    }
    case 'social-projects': {
      const projects = content.read('social-projects')
      const stored = req.id ? projects.find((p) => p.id === req.id) : undefined
      if (req.id && !stored) fail(404, msg.projectNotFound)
      const { slug: typed, publishAt, unpublishAt, ...input } = parseOrFail(projectInputSchema, data)
      const structure = await resolveStructure(deps, input.contentStructure, [], stored?.images ?? [])
      const base: SocialProject = stored ?? ({ id: NEW_ID, createdAt: at } as SocialProject)
      const address = stored
        ? editedAddress(projects, stored, typed)
        : { slug: newItemSlug(projects, input.title, typed, NEW_ID) }
      const project = asLive({
        ...base,
        ...input,
        ...address,
        publishAt,
        unpublishAt,
        images: structure.images,
        contentStructure: structure.items,
        updatedAt: at,
      } as SocialProject)
      return { path: `/sosyal-sorumluluk/${addressOf(project)}`, overlay: { 'social-projects': withItem(projects, project) } }
    }
    case 'programs': {
      const programs = content.read('programs')
      const stored = req.id ? programs.find((p) => p.id === req.id) : undefined
      if (req.id && !stored) fail(404, msg.notFound)
      const input = parseOrFail(programInputSchema, data)
      const logo = parseOrFail(z.object({ logoPath: mediaRef.optional() }), { logoPath: data.logoPath })
      const base = stored ?? { id: NEW_ID, logoPath: '', filePath: '', fileName: '', fileSize: 0, createdAt: at, updatedAt: at }
      const program = { ...base, ...input, logoPath: logo.logoPath ?? base.logoPath, updatedAt: at }
      return { path: '/programlar', overlay: { programs: withItem(programs, program) } }
    }
    case 'references': {
      const refs = content.read('references')
      const stored = req.id ? refs.cards.find((c) => c.id === req.id) : undefined
      if (req.id && !stored) fail(404, msg.notFound)
      const card = { ...stored, ...parseOrFail(referenceCardInputSchema, data), id: stored?.id ?? NEW_ID }
      return { path: '/referanslarimiz', overlay: { references: { ...refs, cards: withItem(refs.cards, card) } } }
    }
    case 'home': {
      const section = String(data.section ?? '')
      if (!Object.hasOwn(homeSectionPatchSchemas, section)) fail(400, msg.previewCollectionInvalid)
      const { section: _s, ...fields } = data
      const patch = parseOrFail(homeSectionPatchSchemas[section as HomeSection], fields)
      const home = content.read('home')
      return { path: '/', overlay: { home: { ...home, [section]: mergePatch(home[section as HomeSection], patch) } } }
    }
    case 'about':
      return { path: '/hakkimizda', overlay: { about: { ...content.read('about'), ...parseOrFail(aboutSchema, data) } } }
    case 'contact-settings': {
      const stored = content.read('contact-settings')
      const input = parseOrFail(contactSettingsInputSchema, data)
      const logo = parseOrFail(z.object({ logo: mediaRef.optional() }), { logo: data.logo })
      return { path: '/iletisim', overlay: { 'contact-settings': { ...stored, ...input, logo: logo.logo ?? stored.logo } } }
    }
  }
}
