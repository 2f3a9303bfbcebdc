import { afterEach, describe, expect, it } from 'vitest'
import type { ContentName } from '../store/content-store.ts'
import { itemOf, versionOf, type ItemRef } from '../store/content-items.ts'
import { adminCookie, createTestApp, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
afterEach(() => t.cleanup())

/** Every DELETE that removes a content item, the item If-Match guards, and a change someone else makes to it. */
type Case = { path: string; ref: ItemRef; change: (data: never) => void }
const rename = (list: { id: string; title?: string; name?: string }[], id: string) => {
  const item = list.find((e) => e.id === id)!
  if ('name' in item) item.name = 'Başkası değiştirdi'
  else item.title = 'Başkası değiştirdi'
}
const CASES: Case[] = [
  {
    path: '/api/admin/blogs/blog-e-fatura-rehberi',
    ref: { name: 'blogs', id: 'blog-e-fatura-rehberi' },
    change: (posts: never) => rename(posts, 'blog-e-fatura-rehberi'),
  },
  {
    path: '/api/admin/social-projects/proje-dijital-sinif',
    ref: { name: 'social-projects', id: 'proje-dijital-sinif' },
    change: (projects: never) => rename(projects, 'proje-dijital-sinif'),
  },
  {
    path: '/api/admin/programs/program-ornek-e-fatura',
    ref: { name: 'programs', id: 'program-ornek-e-fatura' },
    change: (programs: never) => rename(programs, 'program-ornek-e-fatura'),
  },
  {
    path: '/api/admin/references/card/ref-anadolu-orme',
    ref: { name: 'references', id: 'ref-anadolu-orme' },
    change: (refs: { cards: never }) => rename(refs.cards, 'ref-anadolu-orme'),
  },
  {
    path: '/api/admin/anasayfa/partners/cards/partner-dia',
    ref: { name: 'home', id: 'partners' },
    change: (home: { partners: { cards: never } }) => rename(home.partners.cards, 'partner-dia'),
  },
  {
    path: '/api/admin/anasayfa/services/tree/svc-eimza',
    ref: { name: 'home', id: 'services' },
    change: (home: { services: { tree: never } }) => rename(home.services.tree, 'svc-eimza'),
  },
  {
    path: '/api/admin/anasayfa/services/tree/svc-edonusum/items/svc-edonusum-1',
    ref: { name: 'home', id: 'services' },
    change: (home: { services: { tree: { items: never }[] } }) => rename(home.services.tree[0]!.items, 'svc-edonusum-1'),
  },
] as Case[]

const del = (path: string, cookie: string, ifMatch?: string) =>
  t.app.request(path, { method: 'DELETE', headers: { cookie, ...(ifMatch ? { 'if-match': `"${ifMatch}"` } : {}) } })
const current = (ref: ItemRef) => itemOf(ref, t.deps.content.read(ref.name as ContentName))
const serialized = (name: ContentName) => JSON.stringify(t.deps.content.read(name))

// Issue 20: no API test covered a DELETE with a stale If-Match (only a browser test did).
describe('every guarded DELETE refuses a stale If-Match with 412 and changes nothing', () => {
  for (const { path, ref, change } of CASES) {
    it(path, async () => {
      t = await createTestApp()
      const cookie = await adminCookie(t)
      const loaded = versionOf(current(ref))
      // Someone else changes the very item (card, heading) meanwhile.
      await t.deps.content.update(ref.name as ContentName, change as (data: unknown) => void)
      const before = serialized(ref.name as ContentName)
      const stale = await del(path, cookie, loaded)
      expect(stale.status).toBe(412)
      expect(await stale.json()).toMatchObject({ success: false, current: { version: versionOf(current(ref)) } })
      expect(serialized(ref.name as ContentName)).toBe(before)
      // With the version as it is now, the delete goes through.
      const fresh = await del(path, cookie, versionOf(current(ref)))
      expect(fresh.status).toBe(200)
      expect(serialized(ref.name as ContentName)).not.toBe(before)
    })
  }
})
