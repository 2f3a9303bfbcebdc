import { expect, test } from './helpers.ts'

test('the server answers the API, the admin and the site on one port', async ({ request }) => {
  const api = await request.get('/api/maintenance')
  expect(await api.json()).toEqual({ success: true, maintenanceMode: false })
  expect((await request.get('/admin/')).status()).toBe(200)
  expect((await request.get('/')).status()).toBe(200)
  const missing = await request.get('/bu-sayfa-yok')
  expect(missing.status()).toBe(404)
})
