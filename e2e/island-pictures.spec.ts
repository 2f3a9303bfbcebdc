import type { Locator } from 'playwright/test'
import { expect, test } from './helpers.ts'

// Issue 12: images shown by React islands (the reference slider and cards, the blog list and its search results)
// are <picture>s with the AVIF/WebP copies, as the static pages' images are.

/** The <picture> around an image: its sources' types and srcsets, and the image's size attributes. */
async function pictureOf(img: Locator) {
  return img.evaluate((el) => {
    const picture = el.parentElement?.tagName === 'PICTURE' ? el.parentElement : null
    const sources = picture ? [...picture.querySelectorAll('source')] : []
    return {
      inPicture: picture !== null,
      types: sources.map((s) => s.type),
      srcsets: sources.map((s) => s.srcset),
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
    }
  })
}

test('the reference slider and cards show <picture>s with AVIF and WebP copies, sized', async ({ page }) => {
  await page.goto('/referanslarimiz')
  const slide = await pictureOf(page.locator('.slider__slide img').first())
  expect(slide).toMatchObject({
    inPicture: true,
    types: ['image/avif', 'image/webp'],
    width: '1920',
    height: '840',
  })
  expect(slide.srcsets[0]).toMatch(/\.400w\.avif 400w/)
  const card = await pictureOf(page.locator('.ref-card__image').first())
  expect(card).toMatchObject({
    inPicture: true,
    types: ['image/avif', 'image/webp'],
    width: '800',
    height: '500',
  })
  // After hydration too (the islands render the same markup in the browser).
  await page.locator('.slider').hover()
  expect((await pictureOf(page.locator('.slider__slide img').first())).inPicture).toBe(true)
})

test('blog search results (from the API) show their cover images as <picture>s', async ({ page }) => {
  await page.goto('/blog')
  const search = page.getByLabel('Blog yazılarında ara')
  await expect(search).toBeEnabled()
  const answer = page.waitForResponse((r) => r.url().includes('/api/blog-search?') && r.url().includes('q='))
  await search.fill('e-fatura')
  const body = await (await answer).json()
  expect(body.data[0].picture.sources).toHaveLength(2)
  const image = page.locator('.blog-list__grid img.card__media').first()
  await expect(image).toBeVisible()
  const picture = await pictureOf(image)
  expect(picture).toMatchObject({
    inPicture: true,
    types: ['image/avif', 'image/webp'],
    width: '800',
    height: '500',
  })
  expect(picture.srcsets[1]).toMatch(/\.800w\.webp 800w/)
})

test('every photo on the prebuilt public pages is a sized <picture> with AVIF and WebP copies', async ({
  browser,
}) => {
  // The HTML as sent (no script runs), so islands count as their server render.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const blogs = (await (await page.request.get('/api/blogs')).json()).data as { id: string }[]
  const projects = (await (await page.request.get('/api/social-projects')).json()).projects as {
    id: string
  }[]
  const routes = [
    '/',
    '/biz-kimiz',
    '/hakkimizda',
    '/sosyal-sorumluluk-projelerimiz',
    `/sosyal-sorumluluk/${projects[0]!.id}`,
    '/referanslarimiz',
    '/blog',
    `/blog/${blogs[0]!.id}`,
    '/programlar',
  ]
  let photos = 0
  for (const route of routes) {
    await page.goto(route)
    // Vector logos (SVG) have no sized copies; every other image must.
    for (const img of await page.locator('img:not([src$=".svg"])').all()) {
      const picture = await pictureOf(img)
      const src = await img.getAttribute('src')
      expect(picture, `${route}: ${src}`).toMatchObject({
        inPicture: true,
        types: ['image/avif', 'image/webp'],
      })
      expect(Number(picture.width), `${route}: ${src} width`).toBeGreaterThan(0)
      expect(Number(picture.height), `${route}: ${src} height`).toBeGreaterThan(0)
      photos++
    }
  }
  expect(photos).toBeGreaterThan(15)
  await context.close()
})
