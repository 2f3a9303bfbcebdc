import { msg } from '#schema/messages.ts'
import { programInputSchema, type Program } from '#schema/program.ts'
import type { PrivateData } from '../store/data-store.ts'
import type { Deps } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import type { ProgramForm } from './program-form.ts'
import { checkMedia } from '../media/store-media.ts'
import { prepareMedia, saveMedia, type MediaDeps } from '../media/media-library.ts'
import { parseOrFail } from './validation.ts'

/**
 * Validates a streamed program form (text fields, a file when `fileRequired`, the logo by content) and stores
 * the logo. On any failure the program file already written is deleted before the error goes out.
 */
export async function prepareProgram(m: MediaDeps, form: ProgramForm, fileRequired: boolean) {
  const { files } = m
  try {
    const input = parseOrFail(programInputSchema, form.fields)
    if (fileRequired && !form.file) fail(400, msg.programFileRequired, { file: msg.programFileRequired })
    const logoPath = form.logo
      ? await saveMedia(
          m,
          await prepareMedia(form.logo, await checkMedia(form.logo, 'image', 'logo'), '', 'logo'),
        )
      : null
    return { input, logoPath, file: form.file }
  } catch (err) {
    if (form.file) await files.removeProgramFile(form.file.key)
    throw err
  }
}

/** A program as the API returns it: download count and hasFile, never the server-side file key. */
export function publicProgram(program: Program, counters: PrivateData['counters']) {
  const { filePath, ...rest } = program
  return { ...rest, downloads: counters.downloads[program.id] ?? 0, hasFile: filePath !== '' }
}

/** Every program as the API lists it (public list and admin list alike). */
export function publicPrograms({ content, data }: Pick<Deps, 'content' | 'data'>) {
  const counters = data.read('counters')
  return content.read('programs').map((p) => publicProgram(p, counters))
}
