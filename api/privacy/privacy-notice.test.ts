import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loginCookie } from '../testing/test-helpers.ts'
import { createTestSite, type TestSite } from '../testing/test-site.ts'

// KVKK (issue 32): the contact page links the 'Aydınlatma Metni' staff keep in İletişim Ayarları.
describe('Aydınlatma Metni on the contact page', () => {
  let site: TestSite
  let cookie: string
  beforeAll(async () => {
    site = await createTestSite()
    cookie = await loginCookie(
      { app: site.app, deps: site.deps } as never,
      (await addUser(site.deps.data)).email,
    )
  }, 300_000)
  afterAll(() => site?.cleanup())

  it('shows the demo draft under the contact form, says what happens to a message, and follows an edit', async () => {
    const page = (await site.fetch('/iletisim')).text
    expect(page).toContain('Gönderdiğiniz bilgiler yalnızca size dönüş yapmak için kullanılır')
    expect(page).toMatch(/silinir\. <a href="#aydinlatma-metni"[^>]*>Aydınlatma Metni<\/a>/)
    expect(page).toMatch(/<section[^>]*id="aydinlatma-metni"/)
    expect(page).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu')

    const settings = (await (await site.app.request('/api/contact-settings')).json()).data
    const res = await site.app.request('/api/admin/contact-settings', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...settings,
        privacyNotice: 'Birinci paragraf.\n\nİkinci paragraf & haklarınız.',
      }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    await site.settled()
    const edited = (await site.fetch('/iletisim')).text
    expect(edited).toMatch(/<p[^>]*>Birinci paragraf\.<\/p>/)
    expect(edited).toMatch(/<p[^>]*>İkinci paragraf &amp; haklarınız\.<\/p>/)
    expect(edited).not.toContain('6698 sayılı')

    // Without a text there is no link to nothing; the sentence about the message stays.
    await site.app.request('/api/admin/contact-settings', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings, privacyNotice: '' }),
    })
    await site.settled()
    const none = (await site.fetch('/iletisim')).text
    expect(none).not.toContain('aydinlatma-metni')
    expect(none).toContain('saklama süresi dolunca silinir')
  }, 120_000)
})
