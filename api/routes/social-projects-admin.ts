import { Hono } from 'hono'
import { adminListQuerySchema } from '#schema/list-query.ts'
import { msg } from '#schema/messages.ts'
import type { SocialProject } from '#schema/social-project.ts'
import type { AppEnv } from '../app-env.ts'
import { adminPage, listRow } from '../entries/admin-lists.ts'
import { resolveStructure } from '../forms/content-structure.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { editedAddress, newItemSlug } from '../entries/addresses.ts'
import { checkedSchedule, withSchedule } from '../entries/schedule-fields.ts'
import { removeById, replaceById } from '../entries/list-items.ts'
import { postFormLimit, readProjectForm } from '../forms/post-forms.ts'
import { byProjectDate } from '../entries/project-order.ts'
import { validate } from '../middleware/validate.ts'
import { removeUnusedUploads, saveWithNewUploads, uploadsIn } from '../media/upload-usage.ts'

/**
 * Social project management (mounted at /api/admin/social-projects): drafts included; multipart bodies.
 * The list is paged and searchable (decision 014); GET /:id gives the whole project for editing.
 */
export const socialProjectsAdminRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminListQuerySchema), (c) => {
    const projects = c.var.deps.content.read('social-projects')
    const { items, ...paging } = adminPage(projects, byProjectDate, c.req.valid('query'), c.var.deps.now().getTime())
    return c.json({ success: true, projects: items.map(listRow), ...paging })
  })
  .get('/:id', (c) => {
    const project = c.var.deps.content.read('social-projects').find((p) => p.id === c.req.param('id'))
    if (!project) fail(404, msg.projectNotFound)
    return c.json({ success: true, project })
  })
  .post('/', postFormLimit, async (c) => {
    const { content, files, now } = c.var.deps
    const { input: form, uploads, sent } = await readProjectForm(c)
    const { slug: typed, publishAt: _p, unpublishAt: _u, ...input } = form
    const structure = await resolveStructure(c.var.deps, input.contentStructure, uploads, [])
    const at = now().toISOString()
    const project: Omit<SocialProject, 'slug'> = {
      id: newId(),
      ...input,
      ...checkedSchedule(undefined, form, sent),
      images: structure.images,
      contentStructure: structure.items,
      createdAt: at,
      updatedAt: at,
    }
    // The address is chosen inside the queued update: two creations at once see each other's address (issue 27).
    const saved = await content.update('social-projects', (projects) => {
      const entry = { ...project, slug: newItemSlug(projects, input.title, typed, 'proje') }
      projects.push(entry)
      return entry
    })
    return c.json({ success: true, message: msg.projectCreated, data: saved })
  })
  .put('/:id', postFormLimit, async (c) => {
    const { content, files, now } = c.var.deps
    const id = c.req.param('id')
    const old = content.read('social-projects').find((p) => p.id === id)
    if (!old) fail(404, msg.projectNotFound)
    const { input: form, uploads, sent } = await readProjectForm(c)
    const { slug: typed, publishAt: _p, unpublishAt: _u, ...input } = form
    const structure = await resolveStructure(c.var.deps, input.contentStructure, uploads, old.images)
    const { next: project } = await saveWithNewUploads(content, files, structure.saved, () =>
      content.update('social-projects', (projects) =>
        replaceById(projects, id, msg.projectNotFound, (stored) =>
          withSchedule(
            {
              ...stored,
              ...input,
              ...editedAddress(projects, stored, typed),
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
    return c.json({ success: true, message: msg.projectUpdated, data: project })
  })
  .delete('/:id', async (c) => {
    const { content, files } = c.var.deps
    const old = await content.update('social-projects', (projects) =>
      removeById(projects, c.req.param('id'), msg.projectNotFound),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true, message: msg.projectDeleted })
  })
