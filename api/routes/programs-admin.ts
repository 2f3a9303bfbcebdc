import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { Program } from '#schema/program.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { removeById, replaceById } from '../entries/list-items.ts'
import { readProgramForm } from '../forms/program-form.ts'
import { prepareProgram, publicProgram, publicPrograms } from '../forms/program-input.ts'
import { removeUnusedUploads } from '../media/upload-usage.ts'

/** Program management (mounted at /api/admin/programs): multipart bodies read as a stream, the file straight to disk. */
export const programsAdminRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json({ success: true, data: publicPrograms(c.var.deps) }))
  .post('/', async (c) => {
    const { content, data, files, now } = c.var.deps
    const form = await readProgramForm(c.req.raw, files)
    const { input, logoPath, file } = await prepareProgram(c.var.deps, form, true)
    const at = now().toISOString()
    const program: Program = {
      id: newId(),
      ...input,
      logoPath: logoPath ?? '',
      filePath: file!.key,
      fileName: file!.name,
      fileSize: file!.size,
      createdAt: at,
      updatedAt: at,
    }
    await content.update('programs', (programs) => void programs.push(program))
    return c.json({
      success: true,
      message: msg.programCreated,
      data: publicProgram(program, data.read('counters'), content.read('media')),
    })
  })
  .put('/:id', async (c) => {
    const { content, data, files, now } = c.var.deps
    const id = c.req.param('id')
    if (!content.read('programs').some((p) => p.id === id)) fail(404, msg.notFound)
    const { input, logoPath, uploadedLogo, file } = await prepareProgram(
      c.var.deps,
      await readProgramForm(c.req.raw, files),
      false,
    )
    const { old, next } = await content
      .update('programs', (programs) =>
        replaceById(programs, id, msg.notFound, (stored) => {
          const next: Program = { ...stored, ...input, updatedAt: now().toISOString() }
          if (logoPath !== null) next.logoPath = logoPath
          if (file) Object.assign(next, { filePath: file.key, fileName: file.name, fileSize: file.size })
          return next
        }),
      )
      .catch(async (err) => {
        if (file) await files.removeProgramFile(file.key)
        // Only a logo stored by this request goes; a library image chosen as the logo stays in the library.
        if (uploadedLogo) await removeUnusedUploads(content, files, [uploadedLogo])
        throw err
      })
    // The replaced file and logo go only once the new ones are saved.
    if (file && old.filePath) await files.removeProgramFile(old.filePath)
    if (logoPath !== null && logoPath !== old.logoPath)
      await removeUnusedUploads(content, files, [old.logoPath])
    return c.json({
      success: true,
      message: msg.programUpdated,
      data: publicProgram(next, data.read('counters'), content.read('media')),
    })
  })
  .delete('/:id', async (c) => {
    const { content, data, files } = c.var.deps
    const id = c.req.param('id')
    const old = await content.update('programs', (programs) => removeById(programs, id, msg.notFound))
    if (old.filePath) await files.removeProgramFile(old.filePath)
    await removeUnusedUploads(content, files, [old.logoPath])
    await data.update('counters', (counters) => void delete counters.downloads[id])
    return c.json({ success: true, message: msg.programDeleted })
  })
