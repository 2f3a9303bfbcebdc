import { z } from 'zod'
import { mediaRef } from '#schema/common.ts'
import { msg } from '#schema/messages.ts'
import { PROGRAM_LOGO_SIZE, programInputSchema, type Program } from '#schema/program.ts'
import type { PrivateData } from '../store/data-store.ts'
import type { Deps } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import type { ProgramForm } from './program-form.ts'
import { checkMedia } from '../media/store-media.ts'
import { prepareMedia, saveMedia, type MediaDeps } from '../media/media-library.ts'
import { parseOrFail } from './validation.ts'
import { pictureAt } from '../media/media-pictures.ts'
import type { MediaItem } from '#schema/media.ts'

// An image already in the media library, chosen instead of uploading the logo again; '' removes the logo.
const logoPathSchema = z.object({ logoPath: mediaRef })

/**
 * Validates a streamed program form (text fields, a file when `fileRequired`, the logo by content) and stores
 * the logo. A `logoPath` text field (a library image, or '' for none) sets the logo without a file; `logoPath`
 * comes back null when the form leaves the logo as it is. On any failure the program file already written is
 * deleted before the error goes out.
 */
export async function prepareProgram(m: MediaDeps, form: ProgramForm, fileRequired: boolean) {
  const { files } = m
  try {
    const input = parseOrFail(programInputSchema, form.fields)
    if (fileRequired && !form.file) fail(400, msg.programFileRequired, { file: msg.programFileRequired })
    const uploaded = form.logo
      ? await saveMedia(
          m,
          await prepareMedia(form.logo, await checkMedia(form.logo, 'image', 'logo'), '', 'logo'),
        )
      : null
    const logoPath =
      uploaded ??
      (form.fields.logoPath !== undefined ? parseOrFail(logoPathSchema, form.fields).logoPath : null)
    return { input, logoPath, uploadedLogo: uploaded, file: form.file }
  } catch (err) {
    if (form.file) await files.removeProgramFile(form.file.key)
    throw err
  }
}

/**
 * A program as the API returns it: download count, hasFile and the logo as <picture> data sized for its 64 px box
 * (the programs island reloads the list), never the server-side file key.
 */
export function publicProgram(
  program: Program,
  counters: PrivateData['counters'],
  media: readonly MediaItem[],
) {
  const { filePath, ...rest } = program
  return {
    ...rest,
    downloads: counters.downloads[program.id] ?? 0,
    hasFile: filePath !== '',
    logoPicture: pictureAt(media, program.logoPath, PROGRAM_LOGO_SIZE),
  }
}

/** Every program as the API lists it (public list and admin list alike). */
export function publicPrograms({ content, data }: Pick<Deps, 'content' | 'data'>) {
  const counters = data.read('counters')
  const media = content.read('media')
  return content.read('programs').map((p) => publicProgram(p, counters, media))
}
