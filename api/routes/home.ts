import { Hono } from 'hono'
import {
  homeSectionPatchSchemas,
  MAX_SERVICE_HEADINGS,
  partnerCardInputSchema,
  titleBodySchema,
  type HomeSection,
  type PartnerCard,
} from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { blogPreview } from '../entries/blog-posts.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { removeById, replaceById } from '../entries/list-items.ts'
import { mergePatch } from '../entries/partial-patch.ts'
import { parseOrFail } from '../forms/validation.ts'
import { removeUnusedUploads, uploadsIn } from '../media/upload-usage.ts'
import { validate } from '../middleware/validate.ts'

const isSection = (name: string): name is HomeSection => Object.hasOwn(homeSectionPatchSchemas, name)

/** Home content (mounted at /api/admin/anasayfa): the public read plus the editor's section, tree and card calls. */
export const homeRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const { content } = c.var.deps
    const stored = content.read('home')
    const home = {
      ...stored,
      blog: { ...stored.blog, posts: blogPreview(content.read('blogs'), c.var.deps.now().getTime()) },
    }
    return c.json({ success: true, data: home, ...home })
  })
  .put('/:section', async (c) => {
    const { content, files } = c.var.deps
    const section = c.req.param('section')
    if (!isSection(section)) fail(404, msg.notFound)
    const raw: unknown = await c.req.json().catch(() => fail(400, msg.invalidBody))
    const patch = parseOrFail(homeSectionPatchSchemas[section], raw)
    const before = uploadsIn(content.read('home')[section])
    const data = await content.update('home', (home) => {
      const next = mergePatch(home[section], patch)
      ;(home as Record<HomeSection, unknown>)[section] = next
      return next
    })
    await removeUnusedUploads(content, files, before)
    return c.json({ success: true, message: msg.homeSaved, data })
  })
  .post('/services/tree', validate('json', titleBodySchema(msg.serviceTitleRequired)), async (c) => {
    const { title } = c.req.valid('json')
    const branch = { id: newId(), title, items: [] }
    await c.var.deps.content.update('home', (home) => {
      if (home.services.tree.length >= MAX_SERVICE_HEADINGS)
        fail(400, msg.serviceMax, { title: msg.serviceMax })
      home.services.tree.push(branch)
    })
    return c.json({ success: true, message: msg.serviceAdded, data: branch }, 201)
  })
  .post('/services/tree/:id/items', validate('json', titleBodySchema(msg.subItemRequired)), async (c) => {
    const item = { id: newId(), title: c.req.valid('json').title }
    await c.var.deps.content.update('home', (home) => {
      const branch = home.services.tree.find((b) => b.id === c.req.param('id'))
      if (!branch) fail(404, msg.notFound)
      branch.items.push(item)
    })
    return c.json({ success: true, data: item }, 201)
  })
  .delete('/services/tree/:id', async (c) => {
    await c.var.deps.content.update('home', (home) => {
      removeById(home.services.tree, c.req.param('id'), msg.notFound)
    })
    return c.json({ success: true })
  })
  .delete('/services/tree/:id/items/:itemId', async (c) => {
    await c.var.deps.content.update('home', (home) => {
      const branch = home.services.tree.find((b) => b.id === c.req.param('id'))
      if (!branch) fail(404, msg.notFound)
      removeById(branch.items, c.req.param('itemId'), msg.notFound)
    })
    return c.json({ success: true })
  })
  .post('/partners/cards', validate('json', partnerCardInputSchema), async (c) => {
    const card: PartnerCard = { id: newId(), ...c.req.valid('json') }
    await c.var.deps.content.update('home', (home) => void home.partners.cards.push(card))
    return c.json({ success: true, data: card }, 201)
  })
  .put('/partners/cards/:id', validate('json', partnerCardInputSchema), async (c) => {
    const { content, files } = c.var.deps
    const card: PartnerCard = { id: c.req.param('id'), ...c.req.valid('json') }
    const { old } = await content.update('home', (home) =>
      replaceById(home.partners.cards, card.id, msg.notFound, () => card),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true, data: card })
  })
  .delete('/partners/cards/:id', async (c) => {
    const { content, files } = c.var.deps
    const old = await content.update('home', (home) =>
      removeById(home.partners.cards, c.req.param('id'), msg.notFound),
    )
    await removeUnusedUploads(content, files, uploadsIn(old))
    return c.json({ success: true })
  })
