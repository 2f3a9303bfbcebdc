import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from './helpers.ts'
import { ADMIN } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

/**
 * The admin blog list and the public blog search over more posts than one page holds: 150 posts made from the
 * demo posts plus one old post with Turkish capitals, on a server of their own (other specs count the demo posts).
 */
type Post = Record<string, unknown> & { title: string; contentStructure: unknown[] }
const GENERATED = 150
const OLD_POST = {
  id: 'eski-istanbul',
  title: 'istanbul deposu açıldı',
  excerpt: 'IŞIK ve enerji notları',
  author: 'Arşiv',
  tags: ['Arşiv'],
  status: 'published',
  featuredImage: '',
  images: [],
  contentStructure: [{ id: 'eski-1', type: 'text', content: '<p>KIŞIN AYDINLATMA GİDERLERİ</p>', order: 0 }],
  createdAt: '2019-01-01T09:00:00.000Z',
}

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(
    (content) => {
      const demo = content.blogs as Post[]
      const made = Array.from({ length: GENERATED }, (_, n) => {
        const base = demo[n % demo.length]!
        const at = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString()
        return {
          ...base,
          id: `uretilen-${n}`,
          title: `${base.title} (${n})`,
          status: 'published',
          createdAt: at,
        }
      })
      content.blogs = [...demo, ...made, OLD_POST]
    },
    { files: ['blogs'] },
  )
})
test.afterAll(() => server?.stop())

/** WCAG 2.1 A/AA violations of the page as it is now (as accessibility.spec.ts checks every screen). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations.map((v) => `${v.id}: ${v.help}`)
}

async function loginOn(page: Page, path: string) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(res.status(), await res.text()).toBe(200)
  const user = (await res.json()).data.user
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), user)
  await page.goto(`${server.url}${path}`)
}

test('admin blog list pages with the keyboard and searches Turkish-aware; editing loads the whole post', async ({
  page,
}) => {
  const total = GENERATED + 6
  await loginOn(page, '/admin/blog-duzenle')
  const list = page.getByRole('navigation', { name: 'Blog yazıları sayfaları' })
  await expect(list.getByRole('status')).toHaveText(`${total} kayıttan 1–50`)
  await expect(page.getByRole('row')).toHaveCount(51)
  await expect(list.getByText('Sayfa 1 / 4')).toBeVisible()
  await expect(list.getByRole('button', { name: 'Önceki' })).toBeDisabled()

  await list.getByRole('button', { name: 'Sonraki' }).focus()
  await page.keyboard.press('Enter')
  await expect(list.getByRole('status')).toHaveText(`${total} kayıttan 51–100`)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(list.getByRole('status')).toHaveText(`${total} kayıttan 151–${total}`)
  await expect(page.getByRole('row').filter({ hasText: OLD_POST.title })).toBeVisible()
  expect(await violations(page)).toEqual([])

  // 'İSTANBUL' finds 'istanbul'; 'ışık' finds 'IŞIK' (in the excerpt); a search starts again at page 1.
  const search = page.getByRole('searchbox', { name: 'Yazılarda ara' })
  await search.fill('İSTANBUL')
  await expect(list.getByRole('status')).toHaveText('1 kayıttan 1–1')
  await expect(page.getByRole('row').nth(1)).toContainText(OLD_POST.title)
  await search.fill('ışık enerji')
  await expect(list.getByRole('status')).toHaveText('1 kayıttan 1–1')
  // Issue 30: typed without the Turkish letters, as on many phones.
  await search.fill('ISTANBUL deposu acildi')
  await expect(list.getByRole('status')).toHaveText('1 kayıttan 1–1')
  await search.fill('isik enerji')
  await expect(list.getByRole('status')).toHaveText('1 kayıttan 1–1')
  await search.fill('istanbul zzz')
  await expect(page.getByText('Aramanızla eşleşen yazı bulunamadı.')).toBeVisible()

  await search.fill('istanbul')
  await page.getByRole('button', { name: `${OLD_POST.title} düzenle` }).click()
  const form = page.getByRole('form', { name: 'Blog yazısını düzenle' })
  await expect(form.getByLabel('Başlık')).toHaveValue(OLD_POST.title)
  await expect(form.getByText('1/20 metin, 0/20 görsel')).toBeVisible()
  await form.getByRole('button', { name: 'İptal' }).click()
  // Back on the list, the search is kept.
  await expect(page.getByRole('searchbox', { name: 'Yazılarda ara' })).toHaveValue('istanbul')
  await expect(list.getByRole('status')).toHaveText('1 kayıttan 1–1')
})

test('public blog search finds an old post through the API, Turkish-aware, and loads more results', async ({
  page,
}) => {
  await page.goto(`${server.url}/blog`)
  const search = page.getByLabel('Blog yazılarında ara')
  const titles = page.locator('.blog-list__grid').getByRole('heading')
  await expect(search).toBeEnabled()

  const answer = page.waitForResponse((r) => r.url().includes('/api/blog-search?') && r.url().includes('q='))
  await search.fill('İSTANBUL')
  expect((await answer).status()).toBe(200)
  await expect(titles).toHaveText([OLD_POST.title])
  await expect(page.locator('.blog-list__summary')).toHaveText('1 yazı bulundu')
  await search.fill('ışık enerji')
  await expect(titles).toHaveText([OLD_POST.title])
  // The body is searched too: 'KIŞIN AYDINLATMA' folds to 'kışın aydınlatma'.
  await search.fill('aydınlatma kışın')
  await expect(titles).toHaveText([OLD_POST.title])
  await expect(page).toHaveURL(/\?q=ayd%C4%B1nlatma/)
  // Issue 30: folded queries ('cigir acan' finds 'Çığır Açan').
  await search.fill('ISTANBUL deposu acildi')
  await expect(titles).toHaveText([OLD_POST.title])
  await search.fill('aydinlatma kisin')
  await expect(titles).toHaveText([OLD_POST.title])
  await search.fill('istanbul deposu kapandi')
  await expect(page.getByText('Aramanızla eşleşen yazı bulunamadı.')).toBeVisible()

  // Many matches come 12 at a time.
  await search.fill('e-defter')
  await expect(titles).toHaveCount(12)
  await page.getByRole('button', { name: 'Daha fazla yazı göster' }).click()
  await expect(titles).toHaveCount(24)
  expect(await violations(page)).toEqual([])
  // The connection drops (a network fault, not a made-up answer): the spec's error text, and a retry that works.
  await page.route('**/api/blog-search?**', (route) => route.abort('connectionreset'))
  await search.fill('istanbul')
  await expect(page.getByRole('alert')).toContainText('Blog yazısı yüklenirken bir hata oluştu.')
  await page.unroute('**/api/blog-search?**')
  await page.getByRole('button', { name: 'Tekrar dene' }).click()
  await expect(titles).toHaveText([OLD_POST.title])

  // Cleared, the list shows the page's own posts again.
  await search.fill('')
  await expect(page.locator('.blog-list__summary')).toHaveText(/^155 yazı/)
  await expect(page).not.toHaveURL(/\?q=/)
})
