import { MAX_BLOG_FIELDS, MAX_BLOG_IMAGES, MAX_BLOG_TEXT, type BlogContentItem } from '#schema/blog.ts'
import { msg } from '#schema/messages.ts'

/** One editable block of the form: text, or image (its `src`: uploaded as soon as it is chosen, or from the library). */
export type BlogField = {
  key: string
  type: 'text' | 'image'
  content: string
  src: string
  /** Alt text of an image field (offered from the media library when an image is chosen there). */
  alt?: string
}

let counter = 0
/** A key unique in this page (randomUUID needs a secure context, which a plain-http admin may not be). */
export function newKey(): string {
  counter += 1
  return `f${Date.now().toString(36)}${counter}`
}

/** A blank field of the given type. */
export function newField(type: BlogField['type']): BlogField {
  return { key: newKey(), type, content: '', src: '', alt: '' }
}

/** How many text and image fields there are. */
export function countFields(fields: readonly BlogField[]) {
  const text = fields.filter((f) => f.type === 'text').length
  return { text, image: fields.length - text }
}

/** The counter line under the field list: 'n/20 metin, n/20 görsel'. */
export function counterText(fields: readonly BlogField[]): string {
  const { text, image } = countFields(fields)
  return `${text}/${MAX_BLOG_TEXT} metin, ${image}/${MAX_BLOG_IMAGES} görsel`
}

/**
 * Why a field of this type cannot be added, or null when it can. The spec gives the blog two texts only: the
 * text limit has its own, and the image limit reads the '40 alan (20 metin + 20 görsel)' one.
 */
export function addFieldError(fields: readonly BlogField[], type: BlogField['type']): string | null {
  if (fields.length >= MAX_BLOG_FIELDS) return msg.blogFieldsMax
  const { text, image } = countFields(fields)
  if (type === 'text' && text >= MAX_BLOG_TEXT) return msg.blogTextMax
  if (type === 'image' && image >= MAX_BLOG_IMAGES) return msg.blogFieldsMax
  return null
}

/**
 * The contentStructure to send: images by their src (image fields upload when a file is chosen, so the save
 * carries no files). Blank text fields and image fields with no image are left out (nothing to show).
 */
export function buildContentStructure(fields: readonly BlogField[]): BlogContentItem[] {
  const structure: BlogContentItem[] = []
  for (const f of fields) {
    const base = {
      id: f.key,
      type: f.type,
      content: f.type === 'text' ? f.content : '',
      order: structure.length,
      alt: f.type === 'image' ? (f.alt ?? '').trim() : '',
    }
    if (f.type === 'text') {
      if (f.content.trim() !== '') structure.push(base)
    } else if (f.src) structure.push({ ...base, src: f.src })
  }
  return structure
}

/** Editable fields from a stored post (contentStructure, or content_structure from older data), by order. */
export function fieldsFromPost(post: {
  contentStructure?: unknown
  content_structure?: unknown
}): BlogField[] {
  const raw = post.contentStructure ?? post.content_structure
  const items = (typeof raw === 'string' ? safeJson(raw) : raw) as Partial<BlogContentItem>[] | undefined
  if (!Array.isArray(items)) return []
  return [...items]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .filter((i) => i.type === 'text' || i.type === 'image')
    .map((i) => ({
      key: typeof i.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(i.id) ? i.id : newKey(),
      type: i.type as BlogField['type'],
      content: i.content ?? '',
      src: i.src ?? '',
      alt: i.alt ?? '',
    }))
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Comma-separated tag text to a list, empty entries dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
}
