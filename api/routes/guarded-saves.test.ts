import { afterEach, describe, expect, it } from 'vitest'
import type { ContentName } from '../store/content-store.ts'
import { HOME_SECTIONS, itemOf, versionOf, type ItemRef } from '../store/content-items.ts'
import { adminCookie, createTestApp, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
afterEach(() => t?.cleanup())

/**
 * Issue 28: an audit made `PUT /api/admin/references/:id` ignore If-Match and no test noticed (project, program and
 * reference-card saves had no If-Match test at all). Every save the admin sends with If-Match is listed here with a
 * valid body: a version nobody loaded must be refused with 412 and change nothing; the version as it is now saves.
 * The DELETEs are in guarded-deletes.test.ts.
 */
type Send = (cookie: string, ifMatch: string) => Response | Promise<Response>
type Case = { name: string; ref: ItemRef; send: Send }

const stored = <T = unknown>(name: ContentName) => t.deps.content.read(name) as T
const put = (path: string, body: unknown): Send => (cookie, ifMatch) =>
  t.app.request(path, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'if-match': ifMatch },
    body: JSON.stringify(body),
  })
const putForm = (path: string, fields: Record<string, string>): Send => (cookie, ifMatch) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return t.app.request(path, { method: 'PUT', headers: { cookie, 'if-match': ifMatch }, body })
}
const text = JSON.stringify([{ type: 'text', content: 'Yeni metin' }])
const without = <T extends { id: string }>({ id: _id, ...rest }: T) => rest

const CASES: Case[] = [
  {
    name: 'PUT /api/admin/hakkimizda',
    ref: { name: 'about' },
    send: (cookie, ifMatch) => put('/api/admin/hakkimizda', { ...stored<object>('about'), title2: 'Yeni başlık' })(cookie, ifMatch),
  },
  {
    name: 'PUT /api/admin/contact-settings',
    ref: { name: 'contact-settings' },
    send: (cookie, ifMatch) =>
      put('/api/admin/contact-settings', { ...stored<object>('contact-settings'), phone: '+90 212 333 33 33' })(cookie, ifMatch),
  },
  ...HOME_SECTIONS.map((section) => ({
    name: `PUT /api/admin/anasayfa/${section}`,
    ref: { name: 'home', id: section } as ItemRef,
    send: put(`/api/admin/anasayfa/${section}`, { title: 'Yeni başlık' }),
  })),
  {
    name: 'PUT /api/admin/anasayfa/partners/cards/:id',
    ref: { name: 'home', id: 'partners' },
    send: (cookie, ifMatch) => {
      const card = (stored('home') as { partners: { cards: { id: string }[] } }).partners.cards[0]!
      return put(`/api/admin/anasayfa/partners/cards/${card.id}`, { ...without(card), title: 'Yeni ortak' })(cookie, ifMatch)
    },
  },
  {
    name: 'PUT /api/admin/blogs/:id',
    ref: { name: 'blogs', id: 'blog-e-fatura-rehberi' },
    send: putForm('/api/admin/blogs/blog-e-fatura-rehberi', { title: 'Yeni başlık', excerpt: 'Özet', author: 'Yazar', contentStructure: text }),
  },
  {
    name: 'PUT /api/admin/social-projects/:id',
    ref: { name: 'social-projects', id: 'proje-dijital-sinif' },
    send: putForm('/api/admin/social-projects/proje-dijital-sinif', {
      title: 'Yeni başlık',
      project_date: '2099-05-01',
      description: 'Açıklama',
      contentStructure: text,
    }),
  },
  {
    name: 'PUT /api/admin/programs/:id',
    ref: { name: 'programs', id: 'program-ornek-e-fatura' },
    send: putForm('/api/admin/programs/program-ornek-e-fatura', { name: 'Yeni ad', description: 'Açıklama' }),
  },
  {
    name: 'PUT /api/admin/references/:id',
    ref: { name: 'references', id: 'ref-anadolu-orme' },
    send: (cookie, ifMatch) => {
      const card = (stored('references') as { cards: { id: string }[] }).cards.find((c) => c.id === 'ref-anadolu-orme')!
      return put('/api/admin/references/ref-anadolu-orme', { ...without(card), title: 'Yeni başlık' })(cookie, ifMatch)
    },
  },
]

const current = (ref: ItemRef) => itemOf(ref, t.deps.content.read(ref.name as ContentName))
const serialized = (name: ContentName) => JSON.stringify(t.deps.content.read(name))

describe('every save that takes If-Match refuses a version nobody loaded with 412 and changes nothing', () => {
  it('covers every home section', () => {
    expect(CASES.filter((c) => /anasayfa\/[a-z]+$/.test(c.name)).map((c) => c.ref.id)).toEqual([...HOME_SECTIONS])
  })

  for (const { name, ref, send } of CASES) {
    it(name, async () => {
      t = await createTestApp()
      const cookie = await adminCookie(t)
      const before = serialized(ref.name as ContentName)
      const stale = await send(cookie, '"bilinmeyensurum0"')
      expect(stale.status).toBe(412)
      expect(await stale.json()).toMatchObject({ success: false, current: { version: versionOf(current(ref)) } })
      expect(serialized(ref.name as ContentName)).toBe(before)
      // The same body with the version as it is now goes through: the 412 was the version's doing, not the body's.
      const fresh = await send(cookie, `"${versionOf(current(ref))}"`)
      expect(fresh.status, await fresh.clone().text()).toBe(200)
      expect(serialized(ref.name as ContentName)).not.toBe(before)
    })
  }
})
