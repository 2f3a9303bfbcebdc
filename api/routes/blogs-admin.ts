import { Hono } from 'hono'
import type { BlogPost } from '#schema/blog.ts'
import { adminListQuerySchema } from '#schema/list-query.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { adminPage, listRow } from '../entries/admin-lists.ts'
import { newestFirst, withViews } from '../entries/blog-posts.ts'
import { resolveStructure } from '../forms/content-structure.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { editedAddress, newItemSlug } from '../entries/addresses.ts'
import { checkedSchedule, withSchedule } from '../entries/schedule-fields.ts'
import { removeById, replaceById } from '../entries/list-items.ts'
import { postFormLimit, readBlogForm } from '../forms/post-forms.ts'
import { validate } from '../middleware/validate.ts'
import { removeUnusedUploads, saveWithNewUploads, uploadsIn } from '../media/upload-usage.ts'

/**
 * Blog management (mounted at /api/admin/blogs): drafts included; bodies are multipart with image files.
 * The list is paged and searchable (decision 014); GET /:id gives the whole post for editing.
 */
export const blogsAdminRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminListQuerySchema), (c) => {
    const { content, data } = c.var.deps
    const counters = data.read('counters')
    const { items, ...paging } = adminPage(content.read('blogs'), newestFirst, c.req.valid('query'), c.var.deps.now().getTime())
    return c.json({ success: true, data: items.map((p) => listRow(withViews(p, counters))), ...paging })
  })
  .get('/:id', (c) => {
    const { content, data } = c.var.deps
    const post = content.read('blogs').find((p) => p.id === c.req.param('id'))
    if (!post) fail(404, msg.blogNotFound)
    return c.json({ success: true, data: withViews(post, data.read('counters')) })
  })
  .post('/', postFormLimit, async (c) => {
    const { content, files, now } = c.var.deps
    const { input: form, uploads, sent } = await readBlogForm(c)
    const { slug: typed, publishAt: _p, unpublishAt: _u, ...input } = form
    const structure = await resolveStructure(c.var.deps, input.contentStructure, uploads, [])
    const at = now().toISOString()
    const post: Omit<BlogPost, 'slug'> = {
      id: newId(),
      ...input,
      ...checkedSchedule(undefined, form, sent),
      featuredImage: structure.images[0] ?? '',
      images: structure.images,
      contentStructure: structure.items,
      createdAt: at,
      updatedAt: at,
    }
    // The address is chosen inside the queued update: two creations at once see each other's address (issue 27).
    const saved = await content.update('blogs', (posts) => {
      const entry = { ...post, slug: newItemSlug(posts, input.title, typed, 'yazi') }
      posts.push(entry)
      return entry
    })
    return c.json({ success: true, message: msg.blogCreated, data: saved })
  })
  .put('/:id', postFormLimit, async (c) => {
    const { content, files, now } = c.var.deps
    const id = c.req.param('id')
    const old = content.read('blogs').find((p) => p.id === id)
    if (!old) fail(404, msg.blogNotFound)
    const { input: form, uploads, sent } = await readBlogForm(c)
    const { slug: typed, publishAt: _p, unpublishAt: _u, ...input } = form
    const structure = await resolveStructure(c.var.deps, input.contentStructure, uploads, old.images)
    const { next: post } = await saveWithNewUploads(content, files, structure.saved, () =>
      content.update('blogs', (posts) =>
        replaceById(posts, id, msg.blogNotFound, (stored) =>
          withSchedule(
            {
              ...stored,
              ...input,
              ...editedAddress(posts, stored, typed),
              featuredImage: structure.images[0] ?? '',
              images: structure.images,
              contentStructure: structure.items,
              updatedAt: now().toISOString(),
            },
            checkedSchedule(stored, form, sent),
          ),
        ),
      ),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true, message: msg.blogUpdated, data: post })
  })
  .delete('/:id', async (c) => {
    const { content, files } = c.var.deps
    const old = await content.update('blogs', (posts) =>
      removeById(posts, c.req.param('id'), msg.blogNotFound),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true, message: msg.blogDeleted })
  })
