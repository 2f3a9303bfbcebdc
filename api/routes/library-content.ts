import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '#schema/common.ts'
import {
  libraryCategoryDeleteSchema,
  libraryCategoryInputSchema,
  libraryListQuerySchema,
} from '#schema/library.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { readLibraryForm } from '../forms/library-form.ts'
import { fileAnswer } from '../library/file-answer.ts'
import {
  addLibraryItem,
  parseItemFields,
  removeLibraryItem,
  updateLibraryItem,
} from '../library/library-items.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { log } from '../lib/log.ts'
import { auditLibraryActions } from '../middleware/library-audit.ts'
import { requireLibraryAdmin, requireMember } from '../middleware/library-session.ts'
import { validate } from '../middleware/validate.ts'
import { publicItem } from '../store/private/library.ts'

const idParam = validate('param', z.object({ id }))
const versionParam = validate('param', z.object({ id, versionId: id }))

/**
 * The members' library content (issue 31), mounted at /api/library: every call needs a member session (401),
 * writes need the library_admin role (403); library admins' writes go to the audit log.
 */
export const libraryContentRoutes = new Hono<AppEnv>()
  // '/items/*' covers '/items' too (Hono): one guard and one audit per call.
  .use('/items/*', requireMember, auditLibraryActions)
  .use('/categories/*', requireMember, auditLibraryActions)
  .use('/visit', requireMember)

  // Since when items count as 'Yeni' for this member (their previous visit); starts or continues a visit.
  .post('/visit', (c) => {
    const since = c.var.deps.data.library.visit(c.var.member.id, c.var.deps.now())
    return c.json({ success: true, since })
  })

  .get('/items', validate('query', libraryListQuerySchema), (c) => {
    const page = c.var.deps.data.library.items.list(c.req.valid('query'))
    return c.json({ success: true, ...page })
  })
  .get('/items/:id', idParam, (c) => {
    const { library } = c.var.deps.data
    const item = library.items.get(c.req.valid('param').id)
    if (!item) fail(404, msg.notFound)
    // Earlier files only for library admins ('Önceki sürümler').
    const versions =
      c.var.member.role === 'library_admin'
        ? library.items.versions(item.id).map(({ fileKey: _key, ...v }) => v)
        : undefined
    return c.json({ success: true, data: publicItem(item), ...(versions ? { versions } : {}) })
  })
  .get('/items/:id/file', idParam, async (c) => {
    const { data, library, now } = c.var.deps
    const item = data.library.items.get(c.req.valid('param').id)
    if (!item || item.kind !== 'file') fail(404, msg.fileNotFound)
    const path = library.files.pathOf(item.fileKey)
    // PDFs open in the browser's own viewer (sandboxed); everything else, and ?indir=1, is saved.
    const inline = item.mime === 'application/pdf' && c.req.query('indir') === undefined
    const answer = path
      ? await fileAnswer(
          path,
          { key: item.fileKey, name: item.fileName, mime: item.mime },
          {
            method: c.req.method,
            range: c.req.header('range'),
            ifNoneMatch: c.req.header('if-none-match'),
            ifRange: c.req.header('if-range'),
          },
          inline ? 'inline' : 'attachment',
        )
      : null
    if (!answer) fail(404, msg.fileNotFound)
    if (answer.fromStart && c.req.method === 'GET')
      void data.library
        .countDownload(item.id, now())
        .catch((err: unknown) => log.error({ err }, 'İndirme sayılamadı'))
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
    return answer.body ? c.body(answer.body, answer.status as 200 | 206) : c.body(null, answer.status)
  })
  .get('/items/:id/versions/:versionId/file', versionParam, requireLibraryAdmin, async (c) => {
    const { data, library } = c.var.deps
    const { id: itemId, versionId } = c.req.valid('param')
    const version = data.library.items.versions(itemId).find((v) => v.id === versionId)
    const path = version ? library.files.pathOf(version.fileKey) : null
    const answer =
      version && path
        ? await fileAnswer(
            path,
            { key: version.fileKey, name: version.fileName, mime: version.mime },
            {
              method: c.req.method,
              range: c.req.header('range'),
              ifNoneMatch: c.req.header('if-none-match'),
            },
            'attachment',
          )
        : null
    if (!answer) fail(404, msg.fileNotFound)
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
    return answer.body ? c.body(answer.body, answer.status as 200 | 206) : c.body(null, answer.status)
  })
  .post('/items', requireLibraryAdmin, async (c) => {
    const { deps } = c.var
    const form = await readLibraryForm(c.req.raw, deps.library.files, deps.library.maxFileBytes)
    if (typeof form.fields.title === 'string') c.set('auditTitle', form.fields.title.trim().slice(0, 200))
    try {
      const fields = parseItemFields(deps, form.fields)
      const item = await addLibraryItem(deps, c.var.member, fields, form.file)
      return c.json({ success: true, message: msg.libraryItemAdded, data: publicItem(item) }, 201)
    } finally {
      await form.file?.drop()
    }
  })
  .put('/items/:id', idParam, requireLibraryAdmin, async (c) => {
    const { deps } = c.var
    const form = await readLibraryForm(c.req.raw, deps.library.files, deps.library.maxFileBytes)
    try {
      const fields = parseItemFields(deps, form.fields)
      const { item, replacedFile } = await updateLibraryItem(
        deps,
        c.var.member,
        c.req.valid('param').id,
        fields,
        form.file,
      )
      return c.json({ success: true, message: msg.libraryItemUpdated, data: publicItem(item), replacedFile })
    } finally {
      await form.file?.drop()
    }
  })
  .delete('/items/:id', idParam, requireLibraryAdmin, async (c) => {
    const item = await removeLibraryItem(c.var.deps, c.req.valid('param').id)
    return c.json({
      success: true,
      message: msg.libraryItemDeleted,
      data: { id: item.id, title: item.title },
    })
  })

  .get('/categories', (c) => c.json({ success: true, data: c.var.deps.data.library.categories.list() }))
  .post('/categories', requireLibraryAdmin, validate('json', libraryCategoryInputSchema), (c) => {
    const { name, position } = c.req.valid('json')
    const { data, now } = c.var.deps
    if (data.library.categories.nameTaken(name))
      fail(409, msg.libraryCategoryExists, { name: msg.libraryCategoryExists })
    const category = data.library.categories.add({ id: newId(), name, position, at: now().toISOString() })
    return c.json({ success: true, message: msg.libraryCategoryAdded, data: category }, 201)
  })
  .put('/categories/:id', idParam, requireLibraryAdmin, validate('json', libraryCategoryInputSchema), (c) => {
    const { id: categoryId } = c.req.valid('param')
    const { name, position } = c.req.valid('json')
    const { categories } = c.var.deps.data.library
    if (!categories.get(categoryId)) fail(404, msg.notFound)
    if (categories.nameTaken(name, categoryId))
      fail(409, msg.libraryCategoryExists, { name: msg.libraryCategoryExists })
    const category = categories.update(categoryId, { name, position })
    return c.json({ success: true, message: msg.libraryCategoryUpdated, data: category })
  })
  .delete(
    '/categories/:id',
    idParam,
    requireLibraryAdmin,
    validate('query', libraryCategoryDeleteSchema),
    (c) => {
      const { id: categoryId } = c.req.valid('param')
      const { moveTo } = c.req.valid('query')
      const { categories } = c.var.deps.data.library
      const category = categories.get(categoryId)
      if (!category) fail(404, msg.notFound)
      // An in-use category goes only when its items are given a place (another category or none: moveTo='').
      if (moveTo === undefined && category.items > 0) fail(409, msg.libraryCategoryInUse)
      if (moveTo && (moveTo === categoryId || !categories.get(moveTo)))
        fail(400, msg.libraryCategoryUnknown, { moveTo: msg.libraryCategoryUnknown })
      categories.remove(categoryId, moveTo ?? null)
      return c.json({
        success: true,
        message: msg.libraryCategoryDeleted,
        data: { id: categoryId, name: category.name },
      })
    },
  )
