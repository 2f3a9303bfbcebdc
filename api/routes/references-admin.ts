import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import {
  MAX_SLIDER_IMAGES,
  referenceCardInputSchema,
  reorderSchema,
  sliderInputSchema,
  type ReferenceCard,
} from '#schema/reference.ts'
import type { AppEnv } from '../app-env.ts'
import { limitBody } from '../forms/body-limit.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { removeById, replaceById } from '../entries/list-items.ts'
import { sameIds } from '../entries/same-ids.ts'
import { reorderSlider, sliderIndexOf, sliderItems } from '../entries/slider-images.ts'
import { MAX_IMAGE_BYTES, storeImageInput } from '../media/store-media.ts'
import { removeUnusedUploads, saveWithNewUploads, uploadsIn } from '../media/upload-usage.ts'
import { validate } from '../middleware/validate.ts'

/** A data-URL image of 25 MB is about 33.4 MB of text (base64: 4/3); leave room for the other fields. */
const jsonLimit = limitBody(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 2 * 1024 * 1024, msg.imageTooLarge)

/** References admin (mounted at /api/admin/references); images may arrive as data URLs and are stored as uploads. */
export const referencesAdminRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const { cards, sliderImages } = c.var.deps.content.read('references')
    // `slider`: the same images with ids, which the admin's slider editor addresses them by (issue 19).
    const slider = sliderItems(sliderImages)
    return c.json({ success: true, data: { cards, sliderImages, slider }, cards, sliderImages, slider })
  })
  .post('/card', jsonLimit, validate('json', referenceCardInputSchema), async (c) => {
    const { content, files } = c.var.deps
    const input = c.req.valid('json')
    const card: ReferenceCard = {
      id: newId(),
      ...input,
      image: await storeImageInput(c.var.deps, input.image, 'image'),
    }
    await content.update('references', (refs) => void refs.cards.push(card))
    return c.json({ success: true, data: card }, 201)
  })
  // Before '/:id', which would otherwise take 'reorder' as an id.
  .put('/reorder', validate('json', reorderSchema), async (c) => {
    const { orderedIds } = c.req.valid('json')
    await c.var.deps.content.update('references', (refs) => {
      if (
        !sameIds(
          orderedIds,
          refs.cards.map((k) => k.id),
        )
      )
        fail(400, msg.reorderMismatch, { orderedIds: msg.reorderMismatch })
      const byId = new Map(refs.cards.map((k) => [k.id, k]))
      refs.cards = orderedIds.map((id) => byId.get(id)!)
    })
    return c.json({ success: true, message: msg.reorderSaved })
  })
  .put('/:id', jsonLimit, validate('json', referenceCardInputSchema), async (c) => {
    const { content, files } = c.var.deps
    const id = c.req.param('id')
    if (!content.read('references').cards.some((k) => k.id === id)) fail(404, msg.notFound)
    const input = c.req.valid('json')
    const card: ReferenceCard = { id, ...input, image: await storeImageInput(c.var.deps, input.image, 'image') }
    const { old } = await saveWithNewUploads(content, files, [card.image], () =>
      content.update('references', (refs) => replaceById(refs.cards, id, msg.notFound, () => card)),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true, data: card, updatedCard: card })
  })
  .delete('/card/:id', async (c) => {
    const { content, files } = c.var.deps
    const old = await content.update('references', (refs) =>
      removeById(refs.cards, c.req.param('id'), msg.notFound),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true })
  })
  .post('/slider', jsonLimit, validate('json', sliderInputSchema), async (c) => {
    const { content, files } = c.var.deps
    const full = () => content.read('references').sliderImages.length >= MAX_SLIDER_IMAGES
    if (full()) fail(400, msg.sliderMax, { image: msg.sliderMax })
    const url = await storeImageInput(c.var.deps, c.req.valid('json').image, 'image')
    const sliderImages = await saveWithNewUploads(content, files, [url], () =>
      content.update('references', (refs) => {
        // Checked again: another request may have filled the last place while the image was stored.
        if (full()) fail(400, msg.sliderMax, { image: msg.sliderMax })
        // An image is in the slider once: its URL is its identity.
        if (refs.sliderImages.includes(url)) fail(400, msg.sliderDuplicate, { image: msg.sliderDuplicate })
        refs.sliderImages.push(url)
        return [...refs.sliderImages]
      }),
    )
    return c.json({ success: true, sliderImages, slider: sliderItems(sliderImages) }, 201)
  })
  .put('/slider/order', jsonLimit, validate('json', reorderSchema), async (c) => {
    const { orderedIds } = c.req.valid('json')
    const sliderImages = await c.var.deps.content.update('references', (refs) => {
      refs.sliderImages = reorderSlider(refs.sliderImages, orderedIds)
      return [...refs.sliderImages]
    })
    return c.json({ success: true, message: msg.sliderReordered, sliderImages, slider: sliderItems(sliderImages) })
  })
  .put('/slider/:id', jsonLimit, validate('json', sliderInputSchema), async (c) => {
    const { content, files } = c.var.deps
    const id = c.req.param('id')
    sliderIndexOf(content.read('references').sliderImages, id)
    const url = await storeImageInput(c.var.deps, c.req.valid('json').image, 'image')
    const { removed, sliderImages } = await saveWithNewUploads(content, files, [url], () =>
      content.update('references', (refs) => {
        // By id, so a replacement someone made meanwhile is never replaced again (412).
        const at = sliderIndexOf(refs.sliderImages, id)
        if (refs.sliderImages.includes(url)) fail(400, msg.sliderDuplicate, { image: msg.sliderDuplicate })
        const removed = refs.sliderImages.splice(at, 1, url)
        return { removed, sliderImages: [...refs.sliderImages] }
      }),
    )
    await removeUnusedUploads(content, files, removed)
    return c.json({ success: true, message: msg.sliderReplaced, sliderImages, slider: sliderItems(sliderImages) })
  })
  .delete('/slider/:ref', async (c) => {
    const { content, files } = c.var.deps
    // The spec's position ('/slider/2'), or an image's id ('/slider/slide-…'): by id, two admins deleting the
    // same image delete it once, and the second is told it is gone (412).
    const raw = c.req.param('ref')
    const byId = raw.startsWith('slide-')
    const { removed, sliderImages } = await content.update('references', (refs) => {
      const index = byId ? sliderIndexOf(refs.sliderImages, raw) : /^\d{1,4}$/.test(raw) ? Number(raw) : -1
      if (index < 0 || index >= refs.sliderImages.length) fail(404, msg.notFound)
      const removed = refs.sliderImages.splice(index, 1)
      return { removed, sliderImages: [...refs.sliderImages] }
    })
    await removeUnusedUploads(content, files, removed)
    return c.json({ success: true, sliderImages, slider: sliderItems(sliderImages) })
  })
