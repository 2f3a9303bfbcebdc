import { join } from 'node:path'
import { expect, test, type Page } from './helpers.ts'
import type { About } from '#schema/about.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { readCollectionSync } from '#schema/content-folder-read.ts'
import { currentYear, formatDate } from '../site/src/lib/dates.ts'

// Expectations come from the demo content the e2e server starts with (a copy of content/), in either layout.
const content = <T>(name: string): T => readCollectionSync(join(import.meta.dirname, '..', 'content'), name) as T
const home = content<Home>('home')
const about = content<About>('about')
const settings = content<ContactSettings>('contact-settings')
const blogs = content<BlogPost[]>('blogs')
const projects = content<SocialProject[]>('social-projects')
const published = <T extends { status?: string; createdAt: string }>(list: T[]) =>
  list
    .filter((x) => (x.status ?? 'published') === 'published')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
const posts = published(blogs)
const drafts = blogs.filter((p) => p.status === 'draft')
const liveProjects = published(projects)

/** Every request for a .js file the page makes while loading. */
async function jsRequests(page: Page, path: string): Promise<string[]> {
  const urls: string[] = []
  page.on('request', (r) => {
    if (/\.m?js(\?|$)/.test(new URL(r.url()).pathname)) urls.push(r.url())
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  return urls
}

test.describe('home page', () => {
  test('shows every section from the content', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.banner.title)
    await expect(page.getByText(home.banner.subtitle)).toBeVisible()
    const banner = page.locator('.banner')
    await expect(banner.getByRole('link', { name: home.banner.button1.text })).toHaveAttribute(
      'href',
      home.banner.button1.link,
    )
    await expect(banner.getByRole('link', { name: home.banner.button2.text })).toHaveAttribute(
      'href',
      home.banner.button2.link,
    )

    for (const branch of home.services.tree) {
      await expect(page.getByRole('heading', { name: branch.title, exact: true })).toBeVisible()
      for (const item of branch.items)
        await expect(page.getByText(item.title, { exact: true }).first()).toBeAttached()
    }

    const projectLinks = page.locator('section[aria-labelledby="projects-title"] a.card')
    await expect(projectLinks).toHaveCount(Math.min(3, liveProjects.length))
    await expect(projectLinks.first()).toHaveAttribute('href', `/sosyal-sorumluluk/${liveProjects[0]!.id}`)

    await expect(page.getByRole('heading', { name: home.about.title })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Daha Fazla Bilgi' })).toHaveAttribute('href', '/biz-kimiz')
  })

  test('partner cards link out only with a link, and show complete stats only', async ({ page }) => {
    await page.goto('/')
    const partners = page.locator('section[aria-labelledby="partners-title"]')
    await expect(partners.getByRole('heading', { name: home.partners.title })).toBeVisible()
    for (const card of home.partners.cards) {
      const heading = page.getByRole('heading', { name: card.title })
      await expect(heading).toBeVisible()
      const link = partners.locator('a.partner', { has: heading })
      if (card.link.trim()) {
        await expect(link).toHaveAttribute('href', card.link)
        await expect(link).toHaveAttribute('target', '_blank')
        await expect(link).toHaveAttribute('rel', /noopener/)
      } else {
        await expect(link).toHaveCount(0)
      }
      const stats = partners.locator('.partner', { has: heading }).locator('.stat')
      await expect(stats).toHaveCount(card.stats.filter((s) => s.value && s.label).length)
    }
  })

  test('previews the newest published posts with at most two tags each', async ({ page }) => {
    await page.goto('/')
    const section = page.locator('section[aria-labelledby="blog-title"]')
    await expect(section.getByRole('heading', { name: home.blog.title })).toBeVisible()
    const cards = section.locator('a.card')
    await expect(cards).toHaveCount(3)
    // Other tests may publish a post meanwhile: the newest demo post stays among the three either way.
    const newest = posts[0]!
    const card = section.locator(`a[href="/blog/${newest.id}"]`)
    await expect(card).toContainText(newest.title)
    await expect(card.locator('.tag')).toHaveText(newest.tags.slice(0, 2))
    for (const draft of drafts) await expect(section.locator(`a[href="/blog/${draft.id}"]`)).toHaveCount(0)
    for (const tags of await cards.evaluateAll((els) =>
      els.map((el) => el.querySelectorAll('.tag').length),
    )) {
      expect(tags).toBeLessThanOrEqual(2)
    }
    await expect(section.getByRole('link', { name: 'Tüm Yazılar' })).toHaveAttribute('href', '/blog')
  })

  test('has meta tags, Organization JSON-LD and the logo as icons', async ({ page, baseURL }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(settings.title)
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', home.banner.subtitle)
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /e-fatura/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', settings.title)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}${home.banner.backgroundMedia}`,
    )
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', settings.logo)
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', settings.logo)
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
    expect(ld).toMatchObject({ '@type': 'Organization', name: settings.title, email: settings.email })
  })
})

test.describe('about pages', () => {
  test('Biz Kimiz puts the first image left and the second right', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/biz-kimiz')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biz Kimiz?')
    await expect(page).toHaveTitle(`Biz Kimiz? | ${settings.title}`)
    const splits = page.locator('.split')
    await expect(splits).toHaveCount(2)
    await expect(splits.nth(0)).toContainText(about.description1.split('\n')[0]!)
    await expect(splits.nth(1).getByRole('heading', { name: about.title3 })).toBeVisible()
    const side = async (i: number) => {
      const img = (await splits.nth(i).locator('img').boundingBox())!
      const text = (await splits.nth(i).locator('.split__text').boundingBox())!
      return img.x < text.x ? 'left' : 'right'
    }
    expect(await side(0)).toBe('left')
    expect(await side(1)).toBe('right')
  })

  test('Hakkımızda shows both sections', async ({ page }) => {
    await page.goto('/hakkimizda')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakkımızda')
    await expect(page.getByRole('heading', { name: about.title2, level: 2 })).toBeVisible()
    await expect(page.getByRole('heading', { name: about.title3, level: 2 })).toBeVisible()
  })
})

test.describe('social projects', () => {
  test('the list shows a card per published project that opens its detail', async ({ page }) => {
    await page.goto('/sosyal-sorumluluk-projelerimiz')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sosyal Sorumluluk Projelerimiz')
    const cards = page.locator('main a.card')
    await expect(cards).toHaveCount(liveProjects.length)
    await cards.filter({ hasText: liveProjects[0]!.title }).click()
    await expect(page).toHaveURL(new RegExp(`/sosyal-sorumluluk/${liveProjects[0]!.id}$`))
  })

  test('the detail shows breadcrumb, date, cover, excerpt and structured content', async ({ page }) => {
    const project = liveProjects.find((p) => p.contentStructure.some((i) => i.type === 'heading'))!
    await page.goto(`/sosyal-sorumluluk/${project.id}`)
    const crumbs = page.getByRole('navigation', { name: 'Sayfa konumu' })
    await expect(crumbs.getByRole('link', { name: 'Sosyal Sorumluluk Projelerimiz' })).toHaveAttribute(
      'href',
      '/sosyal-sorumluluk-projelerimiz',
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title)
    await expect(page.locator('article time').first()).toHaveText(formatDate(project.project_date))
    await expect(page.locator('.detail__cover img')).toHaveAttribute('src', project.images[0]!)
    await expect(page.locator('.detail__lead')).toHaveText(project.excerpt)
    for (const item of project.contentStructure.filter((i) => i.type === 'heading')) {
      await expect(page.locator(`.prose h${item.level}`, { hasText: item.content })).toBeVisible()
    }
    for (const item of project.contentStructure.filter((i) => i.type === 'image' && i.caption)) {
      await expect(page.getByText(item.caption, { exact: true })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'Tüm projeleri gör' })).toHaveAttribute(
      'href',
      '/sosyal-sorumluluk-projelerimiz',
    )
    await expect(page.getByRole('link', { name: 'Geri Dön' })).toBeVisible()
  })
})

test.describe('blog detail', () => {
  test('shows the post, its tags and a way back, with BlogPosting JSON-LD', async ({ page }) => {
    const post = posts.find((p) => p.contentStructure.some((i) => i.type === 'text'))!
    await page.goto(`/blog/${post.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
    await expect(page.locator('.detail__meta')).toContainText(post.author)
    await expect(page.locator('.detail__meta time')).toHaveText(formatDate(post.createdAt))
    await expect(page.locator('.post-tags .tag')).toHaveText(post.tags)
    const firstText = post.contentStructure.find((i) => i.type === 'text')!.content.split(/\n\s*\n/)[0]!
    await expect(page.locator('.prose p').first()).toHaveText(firstText)
    await expect(page.getByRole('link', { name: 'Bloga Dön' })).toHaveAttribute('href', '/blog')
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: post.title, author: { name: post.author } })
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  })

  test('drafts have no page', async ({ request }) => {
    for (const draft of drafts) expect((await request.get(`/blog/${draft.id}`)).status()).toBe(404)
  })
})

test.describe('navigation chrome', () => {
  test('desktop dropdowns open on hover and on keyboard focus', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    // CSS locators: role queries skip hidden elements, and the footer has the same links.
    const bizKimiz = page.locator('#dropdown-about a[href="/biz-kimiz"]')
    await expect(bizKimiz).toBeHidden()
    await page.getByRole('button', { name: 'Hakkımızda' }).hover()
    await expect(bizKimiz).toBeVisible()
    await page.mouse.move(10, 600)
    await expect(bizKimiz).toBeHidden()
    await page.getByRole('button', { name: 'Hizmetler' }).focus()
    await expect(page.locator('#dropdown-services a[href="/xml-goruntuleyici"]')).toBeVisible()
  })

  test('keyboard: focus opens a dropdown and says so; Escape closes it, even under the pointer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    const about = page.locator('.navbar').getByRole('button', { name: 'Hakkımızda' })
    const bizKimiz = page.locator('#dropdown-about a[href="/biz-kimiz"]')
    await page.locator('.navbar a.nav-link[href="/"]').focus()
    await page.keyboard.press('Tab')
    await expect(about).toBeFocused()
    await expect(about).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(bizKimiz).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(bizKimiz).toBeHidden()
    await expect(about).toBeFocused()
    await expect(about).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    await expect(bizKimiz).toBeVisible()
    // Tabbing past the last link closes the panel.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    await expect(bizKimiz).toBeHidden()
    await expect(about).toHaveAttribute('aria-expanded', 'false')

    const services = page.locator('.navbar').getByRole('button', { name: 'Hizmetler' })
    await services.hover()
    const programs = page.locator('#dropdown-services a[href="/programlar"]')
    await expect(programs).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(programs).toBeHidden()
    await page.mouse.move(10, 600)
    await services.hover()
    await expect(programs).toBeVisible()
  })

  test('WhatsApp button, scroll-to-top button and footer', async ({ page }) => {
    await page.goto('/')
    const whatsapp = page.getByRole('link', { name: /WhatsApp/ })
    await expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/${settings.whatsapp.replace(/[^0-9+]/g, '')}`,
    )
    await expect(whatsapp).toHaveAttribute('target', '_blank')
    await expect(whatsapp).toHaveAttribute('rel', /noopener/)

    const up = page.getByRole('button', { name: 'Sayfanın başına dön' })
    await expect(up).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(up).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 800))
    await expect(up).toBeVisible()
    await up.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(up).toBeHidden()

    const footer = page.locator('footer')
    await expect(footer).toContainText(`© ${currentYear()} ${settings.title}`)
    await expect(footer.getByRole('link', { name: settings.email })).toHaveAttribute(
      'href',
      `mailto:${settings.email}`,
    )
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      settings.socialLinks.linkedin,
    )
  })

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/hakkimizda')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'İçeriğe geç' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main-content$/)
  })
})

test.describe('navigation chrome on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true })

  test('on a phone the menu toggles and dropdowns open on tap', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Menüyü aç/kapat' })
    const menu = page.locator('#site-menu')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
    await toggle.tap()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('link', { name: 'Referanslarımız' })).toBeVisible()
    const services = menu.getByRole('button', { name: 'Hizmetler' })
    await expect(menu.locator('a[href="/programlar"]')).toBeHidden()
    await services.tap()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.locator('a[href="/programlar"]')).toBeVisible()
    await services.tap()
    await expect(menu.locator('a[href="/programlar"]')).toBeHidden()
    await toggle.tap()
    await expect(menu).toBeHidden()
  })
})

test.describe('static pages', () => {
  test('pages without islands load no JavaScript file', async ({ page }) => {
    const paths = [
      '/',
      '/biz-kimiz',
      '/hakkimizda',
      '/sosyal-sorumluluk-projelerimiz',
      `/sosyal-sorumluluk/${liveProjects[0]!.id}`,
      `/blog/${posts[0]!.id}`,
      '/bakim',
    ]
    for (const path of paths) {
      expect(await jsRequests(page, path), path).toEqual([])
      await expect(page.locator('script[src]')).toHaveCount(0)
    }
  })

  test('every public page has title, description, keywords, social metadata and a canonical URL', async ({
    page,
    baseURL,
  }) => {
    const paths = [
      '/',
      '/biz-kimiz',
      '/hakkimizda',
      '/sosyal-sorumluluk-projelerimiz',
      `/sosyal-sorumluluk/${liveProjects[0]!.id}`,
      '/referanslarimiz',
      '/blog',
      `/blog/${posts[0]!.id}`,
      '/programlar',
      '/xml-goruntuleyici',
      '/kutuphane',
      '/iletisim',
    ]
    for (const path of paths) {
      await page.goto(path)
      await expect(page, path).toHaveTitle(new RegExp(settings.title))
      for (const selector of [
        'meta[name="description"]',
        'meta[name="keywords"]',
        'meta[property="og:title"]',
        'meta[property="og:description"]',
        'meta[name="twitter:card"]',
        'meta[name="twitter:title"]',
      ])
        await expect(page.locator(selector), `${path} ${selector}`).toHaveAttribute('content', /\S/)
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${baseURL}${path}`)
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        '/rss.xml',
      )
    }
  })

  test('every image has width, height and an alt attribute', async ({ page }) => {
    for (const path of [
      '/',
      '/biz-kimiz',
      `/sosyal-sorumluluk/${liveProjects[0]!.id}`,
      '/referanslarimiz',
      '/blog',
      `/blog/${posts[0]!.id}`,
      '/programlar',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' })
      expect(await page.locator('img').count(), path).toBeGreaterThan(0)
      await expect(page.locator('img:not([width]), img:not([height]), img:not([alt])'), path).toHaveCount(0)
    }
  })

  test('an unknown path answers 404 with a friendly page', async ({ page }) => {
    const res = await page.goto('/boyle-bir-sayfa-yok')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa Bulunamadı')
    await expect(page.getByRole('link', { name: 'Ana Sayfaya Dön' })).toHaveAttribute('href', '/')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    // A 404 has no address of its own: no canonical link pointing at /404.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  })

  test('an unknown post or project says so and leads back to its list', async ({ page }) => {
    const res = await page.goto('/blog/boyle-bir-yazi-yok')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog yazısı bulunamadı.')
    await expect(page.getByRole('main').getByRole('link', { name: 'Bloga Dön' })).toHaveAttribute(
      'href',
      '/blog',
    )
    await expect(page).toHaveTitle(new RegExp(`^Blog Yazısı Bulunamadı \\| ${settings.title}$`))
    if (drafts[0]) {
      await page.goto(`/blog/${drafts[0].id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog yazısı bulunamadı.')
    }

    expect((await page.goto('/sosyal-sorumluluk/boyle-bir-proje-yok'))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proje bulunamadı')
    await expect(page.getByRole('main').getByRole('link', { name: 'Tüm projeleri gör' })).toHaveAttribute(
      'href',
      '/sosyal-sorumluluk-projelerimiz',
    )

    // Anything else keeps the general page.
    await page.goto('/blogx')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa Bulunamadı')
  })

  test('the maintenance page has the text and no navbar', async ({ page }) => {
    await page.goto('/bakim')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg.maintenanceText)
    await expect(page.getByRole('img', { name: settings.title })).toHaveAttribute('src', settings.logo)
    await expect(page.locator('header.site-header')).toHaveCount(0)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  })

  test('/bize-ulasin leads to the contact page', async ({ page, request }) => {
    await page.goto('/bize-ulasin')
    await expect(page).toHaveURL(/\/iletisim\/?$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('İletişim')
    // A real redirect from the server (the export keeps a Turkish meta-refresh page for static hosts).
    const forward = await request.get('/bize-ulasin', { maxRedirects: 0 })
    expect(forward.status()).toBe(301)
    expect(forward.headers()['location']).toBe('/iletisim')
  })

  test('sitemap, robots.txt and RSS list published content with absolute URLs', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    const xml = await sitemap.text()
    expect(xml).toContain(`<loc>${baseURL}/</loc>`)
    expect(xml).toContain(`<loc>${baseURL}/biz-kimiz</loc>`)
    for (const p of posts) expect(xml).toContain(`<loc>${baseURL}/blog/${p.id}</loc>`)
    for (const p of liveProjects) expect(xml).toContain(`<loc>${baseURL}/sosyal-sorumluluk/${p.id}</loc>`)
    for (const d of drafts) expect(xml).not.toContain(`/blog/${d.id}<`)
    expect(xml).not.toContain('/bakim')

    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api')
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

    const rss = await request.get('/rss.xml')
    expect(rss.status()).toBe(200)
    const feed = await rss.text()
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
    for (const p of posts) expect(feed).toContain(`<link>${baseURL}/blog/${p.id}</link>`)
    for (const d of drafts) expect(feed).not.toContain(`/blog/${d.id}<`)
  })
})
