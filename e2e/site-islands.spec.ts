import { expect, test, type Page } from './helpers.ts'
import { msg } from '#schema/messages.ts'
import { adminApi } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

test.describe('references slider', () => {
  const dot = (page: Page, n: number) => page.getByRole('button', { name: `${n}. görsele git` })

  test('advances on its own, wraps, and answers arrows and dots', async ({ page }) => {
    await page.goto('/referanslarimiz')
    const slider = page.getByRole('region', { name: 'Referans görselleri' })
    await expect(slider).toHaveAttribute('data-rotating', 'true')
    const count = await slider.getByRole('button', { name: /görsele git$/ }).count()
    expect(count).toBe(4)
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true')

    // A dot jumps to the last slide; focus and hover pause the rotation.
    await dot(page, count).click()
    await expect(dot(page, count)).toHaveAttribute('aria-current', 'true')
    await expect(slider).toHaveAttribute('data-rotating', 'false')
    await expect(slider.getByRole('group', { name: `${count} / ${count}` })).toHaveAttribute(
      'aria-hidden',
      'false',
    )

    // Next from the last wraps to the first; previous from the first wraps to the last.
    await slider.getByRole('button', { name: 'Sonraki görsel' }).click()
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')
    await slider.getByRole('button', { name: 'Önceki görsel' }).click()
    await expect(dot(page, count)).toHaveAttribute('aria-current', 'true')

    // Once focus and pointer leave, it rotates again and wraps from the last slide to the first.
    await page.mouse.move(0, 0)
    await page.getByRole('heading', { name: 'Referanslarımız', level: 1 }).click()
    await expect(slider).toHaveAttribute('data-rotating', 'true')
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')
  })

  test('does not rotate under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/referanslarimiz')
    const slider = page.getByRole('region', { name: 'Referans görselleri' })
    await expect(slider.getByRole('button', { name: 'Sonraki görsel' })).toBeVisible()
    await expect(slider).toHaveAttribute('data-rotating', 'false')
  })
})

test.describe('references filter (spec section 4)', () => {
  test('category, sector, re-choice and clear-all follow the rules step by step', async ({ page }) => {
    await page.goto('/referanslarimiz')
    const grid = page.locator('.refs__grid')
    const cards = grid.getByRole('article')
    const category = (name: string) =>
      page.getByRole('button', { name: new RegExp(`^${name} \\d+ referans$`) })
    const sectors = page.getByRole('group', { name: 'Sektörler' })
    const clearAll = page.getByRole('button', { name: 'Tüm filtreleri temizle' })

    await expect(cards).toHaveCount(13)
    await expect(clearAll).toHaveCount(0)
    await expect(sectors).toHaveCount(0)

    // Choosing a category selects it and shows its sectors.
    await category('DİA').click()
    await expect(category('DİA')).toHaveAttribute('aria-pressed', 'true')
    await expect(cards).toHaveCount(3)
    await expect(sectors.getByRole('button')).toHaveText([
      'Tekstil',
      'Üretim',
      'Hizmet',
      'Danışmanlık',
      'Dış Ticaret',
      'Otomotiv',
    ])
    await expect(clearAll).toBeVisible()

    // A sector narrows within the category.
    await sectors.getByRole('button', { name: 'Üretim' }).click()
    await expect(sectors.getByRole('button', { name: 'Üretim' })).toHaveAttribute('aria-pressed', 'true')
    await expect(cards.getByRole('heading')).toHaveText(['Anadolu Örme Tekstil', 'Atlas Hidrolik Makine'])

    // Another category selects it and clears the sector.
    await category('Rota Bulut ERP').click()
    await expect(category('DİA')).toHaveAttribute('aria-pressed', 'false')
    await expect(cards.getByRole('heading')).toHaveText(['Marmara Lojistik', 'Başkent Medikal Cihaz'])
    await expect(sectors.getByRole('button')).toHaveText(['Lojistik', 'Dış Ticaret', 'Sağlık'])
    await expect(sectors.locator('[aria-pressed="true"]')).toHaveCount(0)
    await sectors.getByRole('button', { name: 'Sağlık' }).click()
    await expect(cards.getByRole('heading')).toHaveText(['Başkent Medikal Cihaz'])
    await expect(cards.first()).toContainText('Rota Bulut ERP')

    // The same category again clears both.
    await category('Rota Bulut ERP').click()
    await expect(category('Rota Bulut ERP')).toHaveAttribute('aria-pressed', 'false')
    await expect(cards).toHaveCount(13)
    await expect(sectors).toHaveCount(0)
    await expect(clearAll).toHaveCount(0)

    // Clear-all resets a category plus sector.
    await category('Web & QR').click()
    await sectors.getByRole('button', { name: 'Turizm' }).click()
    await expect(cards).toHaveCount(1)
    await clearAll.click()
    await expect(cards).toHaveCount(13)
    await expect(page.locator('.refs [aria-pressed="true"]')).toHaveCount(0)
    await expect(clearAll).toHaveCount(0)
  })

  test('cards are in the static HTML before any JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/referanslarimiz')
    await expect(page.locator('.refs__grid').getByRole('article')).toHaveCount(13)
    await expect(page.getByRole('heading', { name: 'Anadolu Örme Tekstil' })).toBeVisible()
    await context.close()
  })

  test('a category without references shows the empty text', async ({ page }) => {
    test.setTimeout(180_000)
    // The demo content fills every category, so this runs on a server of its own whose content has no
    // Akınsoft cards: the shared test server's content stays untouched.
    const server = await startIsolatedServer((content) => {
      const refs = content.references as { cards: { category: string }[] }
      for (const card of refs.cards) if (card.category === 'akinsoft') card.category = 'dia'
    })
    try {
      await page.goto(`${server.url}/referanslarimiz`)
      const akinsoft = page.getByRole('button', { name: /^Akınsoft 0 referans$/ })
      await akinsoft.click()
      await expect(page.getByText(msg.referenceFilterEmpty)).toBeVisible()
      await expect(page.locator('.refs__grid')).toHaveCount(0)
      await akinsoft.click()
      await expect(page.getByText(msg.referenceFilterEmpty)).toHaveCount(0)
      await expect(page.locator('.refs__grid').getByRole('article')).toHaveCount(13)
    } finally {
      await server.stop()
    }
  })
})

test.describe('blog list', () => {
  test('Turkish-aware search and exact tag filter', async ({ page }) => {
    await page.goto('/blog')
    const search = page.getByLabel('Blog yazılarında ara')
    const titles = page.locator('.blog-list__grid').getByRole('heading')
    await expect(titles).toHaveCount(4)

    // 'İ' folds to 'i': lower-case 'imza' finds 'İmza'; upper-case 'İMZA NEDİR' finds it too.
    await search.fill('imza nedir')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])
    await search.fill('İMZA NEDİR')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])
    // Turkish letters are ignored (issue 30): 'NASIL ALINIR', 'NASİL' and 'nasil' (typed on a phone without
    // them) all find 'Nasıl Alınır'; a word in no post finds nothing.
    await search.fill('NASIL ALINIR')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])
    await search.fill('NASİL')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])
    await search.fill('nasil alinir')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])
    await search.fill('zqxwv')
    await expect(page.getByText('Aramanızla eşleşen yazı bulunamadı.')).toBeVisible()
    await expect(titles).toHaveCount(0)

    // Text content is searched too ('ıslak imza' appears only in the body of the e-signature post).
    await search.fill('ISLAK')
    await expect(titles).toHaveText(['Elektronik İmza Nedir, Nasıl Alınır?'])

    await search.fill('')
    await page
      .getByRole('group', { name: 'Etikete göre filtrele' })
      .getByRole('button', { name: 'Mevzuat', exact: true })
      .click()
    await expect(titles).toHaveCount(2)
    for (const card of await page.locator('.blog-list__grid article').all()) {
      await expect(card.locator('.tags')).toContainText('Mevzuat')
    }
    await search.fill('berat')
    await expect(titles).toHaveText(['e-Defter Berat Yükleme Sürelerini Kaçırmamak İçin 5 İpucu'])
    const link = page.getByRole('link', { name: 'e-Defter Berat Yükleme Sürelerini Kaçırmamak İçin 5 İpucu' })
    await expect(link).toHaveAttribute('href', '/blog/blog-e-defter-berat')
    await expect(page.locator('.blog-list__grid time')).toHaveText('3 Temmuz 2025')

    await page.getByRole('button', { name: 'Tümü' }).click()
    await expect(titles).toHaveCount(1)
    await search.fill('')
    await expect(titles).toHaveCount(4)
  })
})

test.describe('contact form', () => {
  test('disabled until filled, field errors, success clears the form and the admin sees it unread', async ({
    page,
    request,
  }) => {
    await page.goto('/iletisim')
    const submit = page.getByRole('button', { name: 'Gönder' })
    const subject = `E2E konu ${unique()}`
    await expect(submit).toBeDisabled()
    await page.getByLabel('Adınız Soyadınız').fill('Zeynep Çelik')
    await page.getByLabel('E-posta').fill('gecersiz-adres')
    await page.getByLabel('Telefon').fill('+90 532 000 00 00')
    await page.getByLabel('Konu').fill(subject)
    await expect(submit).toBeDisabled()
    await page.getByLabel('Mesajınız').fill('   ')
    await expect(submit).toBeDisabled()
    await page.getByLabel('Mesajınız').fill('Teklif almak istiyorum.')
    await expect(submit).toBeEnabled()

    // The form checks the fields with the shared schema before sending (issue 23): the error shows next to the
    // field, focus goes there, and a line under 'Gönder' says why.
    await submit.click()
    await expect(page.getByLabel('E-posta')).toHaveAccessibleDescription(msg.invalidEmail)
    await expect(page.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('E-posta')).toBeFocused()
    await expect(page.getByText('Göndermek için işaretli alanları düzeltin.')).toBeVisible()

    await page.getByLabel('E-posta').fill('zeynep@ornek.com')
    await expect(page.getByLabel('E-posta')).not.toHaveAttribute('aria-invalid', 'true')
    await submit.click()
    await expect(page.locator('.notice--success')).toHaveText(msg.contactSent)
    for (const label of ['Adınız Soyadınız', 'E-posta', 'Telefon', 'Konu', 'Mesajınız']) {
      await expect(page.getByLabel(label)).toHaveValue('')
    }
    await expect(submit).toBeDisabled()
    await expect(page.locator('.notice--success')).toHaveCount(0, { timeout: 8000 })

    const api = await adminApi(request)
    const unread = (await (await api.get('/api/admin/contact')).json()).data as {
      id: string
      subject: string
      readAt: null
    }[]
    const stored = unread.find((m) => m.subject === subject)
    expect(stored).toMatchObject({ name: 'Zeynep Çelik', email: 'zeynep@ornek.com', readAt: null })
    await api.put(`/api/admin/contact/${stored!.id}/read`)
  })
})

test.describe('programs', () => {
  test('a download saves the file and increments the count shown; no file means a disabled button', async ({
    page,
  }) => {
    await page.goto('/programlar')
    const card = page.locator('li.program-card', { hasText: 'Tekdüzen Hesap Planı Şablonu' })
    const countCell = card.getByTestId('download-count')
    await expect(countCell).toBeVisible()
    const before = Number(await countCell.textContent())
    await expect(card).toContainText('2,84 KB')

    const downloadEvent = page.waitForEvent('download')
    await card.getByRole('button', { name: 'İndir: Tekdüzen Hesap Planı Şablonu' }).click()
    const download = await downloadEvent
    expect(download.suggestedFilename()).toBe('tekduzen-hesap-plani.csv')
    await expect(page.locator('.notice--success')).toContainText('tekduzen-hesap-plani.csv')
    await expect(countCell).toHaveText(String(before + 1))
    await expect(card.getByRole('button', { name: /^İndir:/ })).toBeEnabled()

    const noFile = page.locator('li.program-card', { hasText: 'Netiz Uzaktan Destek' })
    await expect(noFile.getByRole('button', { name: msg.programNoFile })).toBeDisabled()
  })
})

test.describe('library', () => {
  test('a library_admin logs in, sees the dashboard with the badge, and logs out to /', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request)
    const email = `kutuphane-${unique()}@ornek.com`
    const created = await api.post('/api/admin/library-members', {
      data: { name: 'Deniz Aydın', email, password: 'Kutuphane-1', role: 'library_admin' },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const memberId = (await created.json()).data.id as string
    try {
      await page.goto('/kutuphane')
      // A wrong address gets the Turkish message, not the browser's own bubble in its language.
      await page.getByLabel('E-posta').fill('kutuphane')
      await page.getByLabel('Şifre').fill('Yanlis-Sifre-1')
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await expect(page.getByRole('alert')).toHaveText(msg.invalidEmail)
      await page.getByLabel('E-posta').fill(email)
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await expect(page.getByRole('alert')).toHaveText(msg.invalidCredentials)

      await page.getByLabel('Şifre').fill('Kutuphane-1')
      await page.getByLabel('Şifre').press('Enter')
      // The form is gone: focus moves to the welcome heading instead of falling back to the page.
      await expect(page.getByRole('heading', { name: /Hoş geldiniz, Deniz Aydın!/ })).toBeFocused()
      // The 'Kütüphane Yöneticisi' badge (issue 30: 'Library Admin' was English) is the red role pill.
      await expect(page.locator('.role-pill--admin')).toHaveText('Kütüphane Yöneticisi')
      await expect(page.locator('.role-pill--admin')).toHaveCSS('background-color', 'rgb(180, 35, 24)')
      // The library itself (issue 31) with a library admin's management controls.
      await expect(page.getByRole('searchbox', { name: 'Kütüphanede ara' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Yeni belge' })).toBeVisible()
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('libraryMember') ?? 'null'))
      expect(stored).toMatchObject({ email, role: 'library_admin' })

      // The stored member keeps the dashboard across reloads.
      await page.reload()
      await expect(page.getByRole('heading', { name: /Hoş geldiniz, Deniz Aydın!/ })).toBeVisible()

      await page.getByRole('button', { name: 'Çıkış Yap' }).click()
      await expect(page).toHaveURL(/\/$/)
      expect(await page.evaluate(() => localStorage.getItem('libraryMember'))).toBeNull()
      await page.goto('/kutuphane')
      await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible()
    } finally {
      await api.delete(`/api/admin/library-members/${memberId}`)
    }
  })

  test('a plain member gets the neutral Üye pill and no Kütüphane Yöneticisi badge', async ({ page, request }) => {
    const api = await adminApi(request)
    const email = `uye-${unique()}@ornek.com`
    const created = await api.post('/api/admin/library-members', {
      data: { name: 'Ece Kaya', email, password: 'Kutuphane-1', role: 'member' },
    })
    const memberId = (await created.json()).data.id as string
    try {
      await page.goto('/kutuphane')
      await page.getByLabel('E-posta').fill(email)
      await page.getByLabel('Şifre').fill('Kutuphane-1')
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await expect(page.locator('.role-pill--member')).toHaveText('Üye')
      await expect(page.getByText('Kütüphane Yöneticisi')).toHaveCount(0)
      await expect(page.getByRole('searchbox', { name: 'Kütüphanede ara' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Yeni belge' })).toHaveCount(0)
    } finally {
      await api.delete(`/api/admin/library-members/${memberId}`)
    }
  })
})

/**
 * Starts another real server (api/server.ts) on a copy of content/ changed by `edit`, for states the demo content
 * cannot show. Its own port, folders and build, so the shared test server and other tests are not affected.
 */
test.describe('content is always rendered as text', () => {
  test('HTML in titles, texts, tags, sectors and settings shows as typed and never runs', async ({
    page,
  }) => {
    // Its own server builds the site (and the admin when stale) first: more than the default minute under load.
    test.setTimeout(180_000)
    const html = '<img src=x onerror=alert(1)>'
    const now = new Date().toISOString()
    const server = await startIsolatedServer(
      (content) => {
        ;(content.blogs as unknown[]).push({
          id: 'yazi-html',
          title: html,
          excerpt: html,
          author: html,
          tags: [html, 'Etiket'],
          status: 'published',
          createdAt: now,
          contentStructure: [
            { id: 't1', type: 'text', content: `<script>alert(2)</script> ${html}`, order: 0 },
          ],
        })
        ;(content['social-projects'] as unknown[]).push({
          id: 'proje-html',
          title: html,
          excerpt: html,
          status: 'published',
          project_date: '2025-06-01',
          createdAt: now,
          contentStructure: [
            { id: 'h1', type: 'heading', content: html, level: 3, order: 0 },
            { id: 't1', type: 'text', content: html, order: 1 },
          ],
        })
        const refs = content.references as { cards: unknown[] }
        refs.cards.unshift({
          id: 'ref-html',
          image: '',
          title: html,
          description: html,
          category: 'dia',
          sector: `${html}, Gıda`,
          socials: { instagram: '', twitter: '', facebook: '', linkedin: '', website: '' },
        })
        const settings = content['contact-settings'] as Record<string, string>
        settings.address = html
        settings.aboutText = html
      },
      { files: ['blogs', 'social-projects', 'references', 'contact-settings'] },
    )
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    try {
      const paths = [
        '/',
        '/blog',
        '/blog/yazi-html',
        '/referanslarimiz',
        '/sosyal-sorumluluk/proje-html',
        '/iletisim',
      ]
      for (const path of paths) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
        await expect(page.getByText(html, { exact: true }).first(), path).toBeVisible()
        await expect(page.locator('img[src="x"]'), path).toHaveCount(0)
      }
      await page.goto(`${server.url}/blog/yazi-html`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(html)
      await expect(page.getByText(`<script>alert(2)</script> ${html}`)).toBeVisible()
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
      expect(ld.headline).toBe(html)
      await page.goto(`${server.url}/sosyal-sorumluluk/proje-html`)
      await expect(page.locator('.prose h3')).toHaveText(html)
      expect(dialogs).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
