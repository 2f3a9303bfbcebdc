import { afterEach, expect, it } from 'vitest'
import { adminCookie, createTestApp, formRequest, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
afterEach(async () => {
  await t?.deps.content.settled()
  await t?.cleanup()
})

const POST = 'blog-e-fatura-rehberi'

it('a title with control characters is refused and adds nothing to any history', async () => {
  t = await createTestApp({ contentVersioning: { git: {} } })
  const cookie = await adminCookie(t)
  const other = t.deps.content.read('blogs').find((p) => p.id !== POST)!
  const historyOf = async (id: string) =>
    (await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${id}`, undefined, cookie)).json()).data
  const before = await historyOf(other.id)
  // The old log was split on \x1e and \x1f: this title forged an entry in the other post's history.
  const forged = `Sahte\x1e${'0'.repeat(40)}\x1fSaldırgan\x1fx@x\x1f2026-01-01T00:00:00Z\x1fSahte kayıt`
  const res = await formRequest(
    t,
    'PUT',
    `/api/admin/blogs/${POST}`,
    { title: forged, excerpt: 'Özet', author: 'Yazar', contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]) },
    cookie,
  )
  expect(res.status).toBe(400)
  expect(JSON.stringify(await res.json())).toContain('Bu alan satır sonu, sekme ya da görünmeyen kontrol karakteri içeremez.')
  expect(t.deps.content.read('blogs').find((p) => p.id === POST)!.title).not.toContain('Sahte')
  expect(await historyOf(other.id)).toEqual(before)
  // A text block keeps its line breaks.
  const ok = await formRequest(
    t,
    'PUT',
    `/api/admin/blogs/${POST}`,
    { title: 'Temiz', excerpt: 'Özet', author: 'Yazar', contentStructure: JSON.stringify([{ type: 'text', content: 'Bir\nİki\tÜç' }]) },
    cookie,
  )
  expect(ok.status).toBe(200)
})
