import { msg } from '#schema/messages.ts'
import { invalidMediaMessage } from '#schema/error-map.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { saveMedia, type MediaDeps, type PreparedMedia } from '../media/media-library.ts'
import { prepareMediaFile } from '../media/store-media.ts'

/** The part of a blog or project content item this module reads. */
type Item = { id?: string; type: string; src?: string; imageIndex?: number; order?: number }
export type Resolved<T extends Item> = Omit<T, 'imageIndex' | 'src' | 'order'> & {
  id: string
  src?: string
  order: number
}

const OUR_PATH = /^\/(uploads|demo)\//

/**
 * Turns a submitted content structure into the stored one. Image items keep a `src` the post already had (or one
 * of our /uploads/ or /demo/ paths) or take the uploaded file at `imageIndex`. Every file is checked before any
 * is stored, so bad input leaves nothing behind. `order` becomes the array index. Returns the items, the image
 * srcs in order and the URLs stored now (to remove if the save fails).
 */
export async function resolveStructure<T extends Item>(
  media: MediaDeps,
  items: T[],
  uploads: File[],
  known: string[],
): Promise<{ items: Resolved<T>[]; images: string[]; saved: string[] }> {
  const needed = new Set<number>()
  items.forEach((item, i) => {
    if (item.type !== 'image') return
    const field = `contentStructure.${i}`
    if (item.imageIndex !== undefined) {
      if (!uploads[item.imageIndex]) fail(400, msg.fileMissing, { [field]: msg.fileMissing })
      needed.add(item.imageIndex)
    } else if (!item.src) fail(400, msg.fileMissing, { [field]: msg.fileMissing })
    else if (!known.includes(item.src) && !OUR_PATH.test(item.src))
      fail(400, invalidMediaMessage(['src']), { [`${field}.src`]: invalidMediaMessage(['src']) })
  })

  const checked: { index: number; prepared: PreparedMedia }[] = []
  for (const index of needed) {
    checked.push({ index, prepared: await prepareMediaFile(uploads[index]!, 'image', `images.${index}`) })
  }
  const urls = new Map<number, string>()
  for (const { index, prepared } of checked) urls.set(index, await saveMedia(media, prepared))

  const resolved = items.map((item, order) => {
    const { imageIndex, src, order: _sent, ...rest } = item
    const out = { ...rest, id: item.id || newId(), order } as Resolved<T>
    if (item.type === 'image') out.src = imageIndex !== undefined ? urls.get(imageIndex)! : src!
    return out
  })
  const images = resolved.filter((i) => i.type === 'image').map((i) => i.src!)
  return { items: resolved, images, saved: [...urls.values()] }
}
