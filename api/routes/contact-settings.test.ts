import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PNG, pngFile } from '../testing/test-media.ts'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, uploadNames, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const MB = 1024 * 1024
const socialLinks = {
  linkedin: 'https://www.linkedin.com/company/ornek',
  instagram: '',
  facebook: 'https://facebook.com/ornek',
  twitter: '',
  youtube: 'https://youtube.com/@ornek',
}
const fields = {
  title: 'Örnek Dijital',
  email: 'iletisim@ornek.com',
  phone: '+90 212 555 00 00',
  address: 'Levent, İstanbul',
  whatsapp: '+90 (532) 111 22 33',
  mapUrl: 'https://maps.example.com/embed?q=levent',
  aboutText: 'Dijital dönüşüm ortağınız.',
}

/** The admin form's multipart body: every field, socialLinks as JSON text, an optional logo file. */
function save(values: Record<string, string> = fields, logoFile?: File, session: string | null = cookie) {
  const body = new FormData()
  for (const [k, v] of Object.entries(values)) body.append(k, v)
  if (!('socialLinks' in values)) body.append('socialLinks', JSON.stringify(socialLinks))
  if (logoFile) body.append('logoFile', logoFile)
  return t.app.request('/api/admin/contact-settings', {
    method: 'PUT',
    body,
    headers: session ? { cookie: session } : {},
  })
}
const png = () => pngFile('logo.png')
const uploads = () => uploadNames(t)
const publicSettings = async () => (await (await jsonRequest(t, 'GET', '/api/contact-settings')).json()).data

describe('contact settings', () => {
  it('GET /api/contact-settings is public and returns the stored settings', async () => {
    const res = await jsonRequest(t, 'GET', '/api/contact-settings')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: t.deps.content.read('contact-settings') })
  })

  it('saves every field and a logo file, triggers a rebuild and keeps it across a restart', async () => {
    const res = await save(fields, png())
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      success: true,
      message: 'Ayarlar başarıyla kaydedildi!',
      // The demo's 'Aydınlatma Metni' stays: a save without the field keeps it (issue 32).
      data: {
        ...fields,
        socialLinks,
        logo: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]+\.png$/),
        privacyNotice: expect.stringContaining('KVKK'),
      },
    })
    expect(t.changes).toContain('contact-settings')
    await t.restart()
    expect(await publicSettings()).toEqual(body.data)
    expect(await uploads()).toEqual([body.data.logo.slice('/uploads/'.length)])
  })

  it('keeps the logo when none is sent, replaces it and removes the old upload, and clears it with logo=""', async () => {
    const first = (await (await save(fields, png())).json()).data.logo
    const kept = await (await save({ ...fields, title: 'Yeni Başlık' })).json()
    expect(kept.data).toMatchObject({ title: 'Yeni Başlık', logo: first })
    const second = (await (await save(fields, png())).json()).data.logo
    expect(second).not.toBe(first)
    expect(await uploads()).toEqual([second.slice('/uploads/'.length)])
    const cleared = await (await save({ ...fields, logo: '' })).json()
    expect(cleared.data.logo).toBe('')
    expect(await uploads()).toEqual([])
  })

  it('keeps a replaced logo file that other content still uses', async () => {
    const first = (await (await save(fields, png())).json()).data.logo
    await t.deps.content.update('about', (about) => void (about.image1 = first))
    const second = (await (await save(fields, png())).json()).data.logo
    expect((await uploads()).sort()).toEqual([first, second].map((u) => u.slice('/uploads/'.length)).sort())
  })

  it('validates e-mail, phone, map URL and social URLs with Turkish messages', async () => {
    const before = await publicSettings()
    const res = await save({
      ...fields,
      email: 'olmaz',
      phone: 'telefon',
      mapUrl: 'javascript:alert(1)',
      socialLinks: JSON.stringify({ ...socialLinks, linkedin: 'linkedin' }),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({
      email: 'Geçerli bir e-posta adresi giriniz.',
      phone: 'Geçerli bir telefon numarası giriniz.',
      mapUrl: 'Harita adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).',
      'socialLinks.linkedin': 'LinkedIn adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).',
    })
    const badJson = await save({ ...fields, socialLinks: '{bozuk' })
    expect(badJson.status).toBe(400)
    expect((await badJson.json()).message).toBe('Geçersiz istek gövdesi.')
    expect(await publicSettings()).toEqual(before)
  })

  it('checks the logo by content and size: a fake PNG gets 400, more than 25 MB gets 413', async () => {
    const before = await publicSettings()
    const fake = await save(fields, new File(['<svg onload="alert(1)"/>'], 'logo.png', { type: 'image/png' }))
    expect(fake.status).toBe(400)
    expect((await fake.json()).fields).toEqual({
      logoFile: 'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    })
    const big = new Uint8Array(25 * MB + 10)
    big.set(PNG)
    const tooBig = await save(fields, new File([big], 'logo.png'))
    expect(tooBig.status).toBe(413)
    expect((await tooBig.json()).message).toBe('Görsel en fazla 25 MB olabilir.')
    const huge = await save(fields, new File([new Uint8Array(27 * MB)], 'logo.png'))
    expect(huge.status).toBe(413)
    expect((await huge.json()).message).toBe('Görsel en fazla 25 MB olabilir.')
    expect(await publicSettings()).toEqual(before)
    expect(await uploads()).toEqual([])
  })

  it('also accepts a JSON body, and refuses a file sent under a text field', async () => {
    const res = await jsonRequest(t, 'PUT', '/api/admin/contact-settings', { ...fields, socialLinks }, cookie)
    expect(res.status).toBe(200)
    expect((await res.json()).data).toMatchObject({ ...fields, socialLinks })
    const body = new FormData()
    body.append('title', new File(['x'], 'x.txt'))
    const wrong = await t.app.request('/api/admin/contact-settings', {
      method: 'PUT',
      body,
      headers: { cookie },
    })
    expect(wrong.status).toBe(400)
    const array = await jsonRequest(t, 'PUT', '/api/admin/contact-settings', [1, 2], cookie)
    expect(array.status).toBe(400)
  })

  // Finding 8 of issue 13: `{}` answered 200 and emptied every setting.
  it('refuses a save that leaves out the spec’s fields, with a message per field, and changes nothing', async () => {
    await save(fields)
    const before = await publicSettings()
    const empty = await jsonRequest(t, 'PUT', '/api/admin/contact-settings', {}, cookie)
    expect(empty.status).toBe(400)
    const body = await empty.json()
    expect(body.message).toBe('Bu alan zorunludur.')
    expect(Object.keys(body.fields).sort()).toEqual(
      ['title', 'email', 'phone', 'address', 'whatsapp', 'mapUrl', 'aboutText', 'socialLinks'].sort(),
    )
    const { aboutText: _, ...partial } = fields
    const missingOne = await save(partial)
    expect((await missingOne.json()).fields).toEqual({ aboutText: 'Bu alan zorunludur.' })
    expect(await publicSettings()).toEqual(before)
    const cleared = await save({ ...fields, aboutText: '' })
    expect(cleared.status).toBe(200)
  })

  it('needs an admin session to save: 401 without one and for a library member session', async () => {
    const before = await publicSettings()
    expect((await save(fields, undefined, null)).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    expect(
      (await save(fields, undefined, await loginCookie(t, member.email, '/api/library/login'))).status,
    ).toBe(401)
    expect(await publicSettings()).toEqual(before)
  })
})
