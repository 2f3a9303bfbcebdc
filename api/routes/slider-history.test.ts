import { afterEach, expect, it } from 'vitest'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

/** Issue 19: the references' slider has a history of its own, like every other editor. */
let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

it('lists the slider’s versions and restores one', async () => {
  t = await createTestApp({ contentVersioning: { git: {} } })
  const cookie = await adminCookie(t)
  const slider = async () =>
    (await (await jsonRequest(t, 'GET', '/api/admin/references', undefined, cookie)).json()).slider as { id: string; url: string }[]
  const before = await slider()
  expect((await jsonRequest(t, 'DELETE', `/api/admin/references/slider/${before[0].id}`, undefined, cookie)).status).toBe(200)

  const history = await jsonRequest(t, 'GET', '/api/admin/history/references?id=~slider', undefined, cookie)
  expect(history.status).toBe(200)
  const entries = (await history.json()).data as { commit: string; changes: { label: string; before: string; after: string }[] }[]
  expect(entries.length).toBeGreaterThanOrEqual(2)
  expect(entries[0].changes[0]).toMatchObject({ label: 'Slider görselleri' })
  expect(entries[0].changes[0].before).toContain(before[0].url)
  expect(entries[0].changes[0].after).not.toContain(before[0].url)

  const restore = await jsonRequest(t, 'POST', '/api/admin/history/references/restore', { id: '~slider', commit: entries[1].commit }, cookie)
  expect(restore.status).toBe(200)
  expect((await slider()).map((s) => s.url)).toEqual(before.map((s) => s.url))
  // The cards were not touched by the slider's restore.
  expect(t.deps.content.read('references').cards.length).toBeGreaterThan(0)
})
