import { blogInputSchema } from '#schema/blog.ts'
import { fromTurkeyInput } from '../../utils/turkey-time.ts'
import { buildContentStructure, splitTags, type BlogField } from './content-fields.ts'

/** The plain inputs of the blog form (tags as the comma-separated text the user edits). */
export type BlogFormValues = {
  title: string
  author: string
  excerpt: string
  tagsText: string
  status: 'published' | 'draft'
  /** The 'Adres' field; '' for a new post: made from the title. */
  slug: string
  /** datetime-local values in Turkey's time ('' for none). */
  publishAt: string
  unpublishAt: string
}

export const emptyBlogValues: BlogFormValues = {
  title: '',
  author: '',
  excerpt: '',
  tagsText: '',
  status: 'published',
  slug: '',
  publishAt: '',
  unpublishAt: '',
}

export type BlogFormResult =
  | { ok: true; body: FormData; data: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> }

/** Checks the form with the shared schema and builds the multipart body (images by their src: the image fields have uploaded them). */
export function buildBlogFormData(values: BlogFormValues, fields: readonly BlogField[]): BlogFormResult {
  const structure = buildContentStructure(fields)
  const parsed = blogInputSchema.safeParse({
    title: values.title,
    author: values.author,
    excerpt: values.excerpt,
    tags: splitTags(values.tagsText),
    status: values.status,
    contentStructure: structure,
    slug: values.slug.trim() || undefined,
    publishAt: fromTurkeyInput(values.publishAt),
    unpublishAt: fromTurkeyInput(values.unpublishAt),
  })
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form')
      errors[key] ??= issue.message
    }
    return { ok: false, errors }
  }
  const post = parsed.data
  const body = new FormData()
  body.append('title', post.title)
  body.append('excerpt', post.excerpt)
  body.append('author', post.author)
  body.append('status', post.status)
  body.append('tags', JSON.stringify(post.tags))
  body.append('contentStructure', JSON.stringify(post.contentStructure))
  // Always sent, so that clearing a time clears it ('' = none); the address only when typed.
  if (post.slug) body.append('slug', post.slug)
  body.append('publishAt', post.publishAt ?? '')
  body.append('unpublishAt', post.unpublishAt ?? '')
  const data = { ...post, publishAt: post.publishAt ?? '', unpublishAt: post.unpublishAt ?? '' }
  return { ok: true, body, data }
}
