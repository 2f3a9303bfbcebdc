import type { Context } from 'hono'
import { blogInputSchema, MAX_BLOG_IMAGES } from '#schema/blog.ts'
import { msg } from '#schema/messages.ts'
import { MAX_PROJECT_IMAGES, projectInputSchema } from '#schema/social-project.ts'
import { limitBody } from './body-limit.ts'
import { fail } from '../lib/errors.ts'
import { fileList, readForm, textField, type FormBody } from './form-body.ts'
import { parseJsonField, parseOrFail } from './validation.ts'

/**
 * 100 MB of images plus the text fields: a larger blog or project form is refused before it is read. Each image
 * may be 25 MB, but not twenty of them in one body read into memory: the admin uploads images one by one
 * (decision 024) and sends only URLs here; the file parts are for other clients.
 */
export const postFormLimit = limitBody(100 * 1024 * 1024 + 2 * 1024 * 1024)

const json = (body: FormBody, name: string, fallback: unknown) =>
  parseJsonField(textField(body, name), fallback, msg.invalidBody)
const optional = (body: FormBody, name: string) => textField(body, name) || undefined

function images(body: FormBody, max: number, message: string): File[] {
  const files = fileList(body, 'images')
  if (files.length > max) fail(400, message, { images: message })
  return files
}

/** The 'Adres' and schedule fields (issue 21): a blank address means "unchanged", as a missing one does. */
const addressAndSchedule = (body: FormBody) => ({
  slug: optional(body, 'slug'),
  publishAt: textField(body, 'publishAt'),
  unpublishAt: textField(body, 'unpublishAt'),
})

/**
 * The schedule fields the form carried: a client that never sends them (the spec's) keeps what is stored, one
 * that sends '' clears it (entries/schedule-fields.ts).
 */
const sentFields = (body: FormBody) =>
  new Set(['publishAt', 'unpublishAt'].filter((name) => body[name] !== undefined))

/** The admin blog form (multipart; tags and contentStructure are JSON text), validated, plus its image files. */
export async function readBlogForm(c: Context) {
  const body = await readForm(c)
  const input = parseOrFail(blogInputSchema, {
    title: textField(body, 'title'),
    excerpt: textField(body, 'excerpt'),
    author: textField(body, 'author'),
    status: optional(body, 'status'),
    tags: json(body, 'tags', []),
    contentStructure: json(body, 'contentStructure', []),
    ...addressAndSchedule(body),
  })
  return { input, uploads: images(body, MAX_BLOG_IMAGES, msg.blogFieldsMax), sent: sentFields(body) }
}

/** The admin social project form (multipart; contentStructure, also read as content_structure, is JSON text). */
export async function readProjectForm(c: Context) {
  const body = await readForm(c)
  const structure = body.contentStructure !== undefined ? 'contentStructure' : 'content_structure'
  const input = parseOrFail(projectInputSchema, {
    title: textField(body, 'title'),
    excerpt: textField(body, 'excerpt'),
    status: optional(body, 'status'),
    project_date: textField(body, 'project_date'),
    description: textField(body, 'description'),
    contentStructure: json(body, structure, []),
    ...addressAndSchedule(body),
  })
  return { input, uploads: images(body, MAX_PROJECT_IMAGES, msg.projectImageMax), sent: sentFields(body) }
}
