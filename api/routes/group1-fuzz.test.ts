import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, createTestApp, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
})
afterAll(() => t.cleanup())

const calls: [string, string][] = [
  ['POST', '/api/admin/users'],
  ['PUT', '/api/admin/users/abc'],
  ['POST', '/api/admin/maintenance'],
  ['POST', '/api/library/login'],
  ['POST', '/api/admin/library-members'],
  ['PUT', '/api/admin/library-members/abc'],
  ['POST', '/api/contact'],
  ['PUT', '/api/admin/contact-settings'],
  ['POST', '/api/upload'],
  ['POST', '/api/admin/hakkimizda'],
  ['PUT', '/api/admin/hakkimizda'],
]
const bodies: [string, string][] = [
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"metin"'],
  [
    'application/json',
    '{"name":{"x":1},"email":["a"],"password":5,"role":null,"enabled":"evet","socialLinks":"{"}',
  ],
  ['application/json', '{bozuk'],
  ['text/plain', 'merhaba'],
  [
    'multipart/form-data; boundary=zz',
    '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--zz--',
  ],
  ['multipart/form-data', 'sınırsız'],
  ['application/x-www-form-urlencoded', 'title=%E0%A4%A&socialLinks=%7B'],
]

describe('group 1 routes never answer malformed input with a 500', () => {
  it.each(calls)('%s %s', async (method, path) => {
    for (const [type, body] of bodies) {
      const res = await t.app.request(path, { method, headers: { cookie, 'content-type': type }, body })
      expect(res.status, `${type} ${body}`).toBeLessThan(500)
      const json = await res.json()
      if (!json.success) expect(json.message, `${type} ${body}`).toMatch(/[ğüşıöçİ]|Geçersiz|Bu alan|Lütfen/)
    }
  })
})
