import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loginCookie } from '../testing/test-helpers.ts'
import { createTestSite, type TestSite } from '../testing/test-site.ts'
import { checkPage } from './page-check.ts'
import { hasPreparedReport, preparedSeoAnswer, type SeoAnswer } from './seo-answers.ts'
import { editorFinder, seoReport } from './seo-report.ts'

type Report = {
  checkedAt: string | null
  checkedPages: number
  pages: {
    path: string
    title: string
    edit: string | null
    issues: { code: string; severity: string; message: string }[]
  }[]
}

/** An answer's bytes: kept in memory, or the full list's file read through its stream. */
async function bytesOf(answer: SeoAnswer): Promise<Buffer> {
  if (answer instanceof Uint8Array) return Buffer.from(answer)
  const chunks: Uint8Array[] = []
  for await (const chunk of answer.stream()) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('SEO advice from the rendered pages (API, real publishes)', () => {
  let site: TestSite
  let cookie: string
  beforeAll(async () => {
    site = await createTestSite()
    const user = await addUser(site.deps.data)
    cookie = await loginCookie({ app: site.app, deps: site.deps } as never, user.email)
  }, 240_000)
  afterAll(() => site?.cleanup())

  async function report(): Promise<Report> {
    const res = await site.app.request('/api/admin/seo', { headers: { cookie } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: Report }).data
  }
  const codesOf = (r: Report, path: string) =>
    r.pages.find((p) => p.path === path)?.issues.map((i) => i.code) ?? []
  async function savePost(id: string, fields: Record<string, string>) {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    const res = await site.app.request(`/api/admin/blogs/${id}`, { method: 'PUT', headers: { cookie }, body })
    expect(res.status, await res.clone().text()).toBe(200)
    await site.settled()
  }

  it('checks every page of the first publish; a post’s findings appear and disappear as its content is fixed', async () => {
    const first = await report()
    expect(first.checkedPages).toBeGreaterThan(10)
    expect(first.checkedAt).not.toBeNull()
    const path = '/blog/blog-e-imza-nedir'
    expect(codesOf(first, path)).toEqual([])

    await savePost('blog-e-imza-nedir', {
      title: 'Elektronik İmza Nedir, Nasıl Alınır, Kimler Kullanabilir ve Hangi Belgeler Gerekir?',
      excerpt: 'Kısa özet.',
    })
    const broken = await report()
    const page = broken.pages.find((p) => p.path === path)!
    expect(page.issues.map((i) => i.code).sort()).toEqual(['description-short', 'title-long'])
    expect(page.edit).toBe('/blog-duzenle?duzenle=blog-e-imza-nedir')
    expect(page.issues.find((i) => i.code === 'description-short')!.message).toBe(
      'Açıklama 10 karakter; 70–160 karakter arası önerilir.',
    )
    // Worst first: pages with errors come before this one with warnings only.
    const weights = broken.pages.map((p) => (p.issues.some((i) => i.severity === 'error') ? 1 : 0))
    expect([...weights].sort((a, b) => b - a)).toEqual(weights)

    await savePost('blog-e-imza-nedir', {
      title: 'Elektronik İmza Nedir, Nasıl Alınır?',
      excerpt:
        'e-İmzanın hukuki geçerliliği, kullanım alanları ve başvuru adımları hakkında kısa ve anlaşılır bir rehber.',
    })
    const fixed = await report()
    expect(codesOf(fixed, path)).toEqual([])
    // The answer (each page's text kept between publishes) is the report made afresh from the stored rows, and the
    // dashboard's first pages and an editor's page are parts of it.
    const editorOf = editorFinder(site.deps.content.read('blogs'), site.deps.content.read('social-projects'))
    expect(fixed.pages).toEqual(seoReport(site.deps.data.seo.all(), editorOf).pages)
    const part = async (query: string) => {
      const res = await site.app.request(`/api/admin/seo?${query}`, { headers: { cookie } })
      return ((await res.json()) as { data: Report & { total: number } }).data
    }
    const top = await part('limit=2')
    expect(top.pages).toEqual(fixed.pages.slice(0, 2))
    expect(top.total).toBe(fixed.pages.length)
    const one = fixed.pages[fixed.pages.length - 1]!
    expect((await part(`path=${encodeURIComponent(one.path)}`)).pages).toEqual([one])
  }, 120_000)

  it('makes the report when a publish’s checks are stored, before any read; the full list at its first read', async () => {
    await savePost('blog-e-imza-nedir', {
      title: 'Elektronik İmza Nedir ve Nasıl Alınır?',
      excerpt: 'Kısa bir özet.',
    })
    await site.deps.seo.settled()
    // Nothing reads the report after that publish: it is made once publishes pause; the full list is not written.
    await expect.poll(() => hasPreparedReport(site.deps), { timeout: 10_000 }).toBe(true)
    expect(preparedSeoAnswer(site.deps, {})).toBeUndefined()
    const res = await site.app.request('/api/admin/seo', { headers: { cookie } })
    const prepared = await bytesOf(preparedSeoAnswer(site.deps, {})!)
    expect(Buffer.from(await res.arrayBuffer()).equals(prepared)).toBe(true)
    const page = (JSON.parse(prepared.toString('utf8')) as { data: Report }).data.pages.find(
      (p) => p.path === '/blog/blog-e-imza-nedir',
    )
    expect(page?.issues.map((i) => i.code)).toEqual(['description-short'])
  })

  it('sends the full list from its file with its length, the card from memory', async () => {
    const full = await site.app.request('/api/admin/seo', { headers: { cookie } })
    const body = Buffer.from(await full.arrayBuffer())
    expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(full.headers.get('content-length')).toBe(String(body.byteLength))
    expect(body.equals(await bytesOf(preparedSeoAnswer(site.deps, {})!))).toBe(true)
    const card = await site.app.request('/api/admin/seo?limit=1', { headers: { cookie } })
    const one = (await card.json()) as { data: Report }
    expect(one.data.pages).toEqual(
      (JSON.parse(body.toString('utf8')) as { data: Report }).data.pages.slice(0, 1),
    )
  })

  it('is for admins only', async () => {
    expect((await site.app.request('/api/admin/seo')).status).toBe(401)
  })
})

describe('checkPage (the rules on one page)', () => {
  const ctx = {
    exists: (p: string) => p === '/iletisim',
    imageWidth: (u: string) => (u === '/uploads/buyuk.jpg' ? 4000 : null),
  }
  const page = (head: string, body: string) =>
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
  const goodHead =
    '<title>e-Fatura’ya Geçiş Rehberi | Netiz Dijital</title><meta name="description" content="' +
    'e-Fatura’ya kimlerin geçmesi gerektiğini, başvurunun adımlarını ve dikkat edilecek noktaları anlatan rehber.">' +
    '<meta name="robots" content="index, follow">'

  it('finds nothing on a good page', () => {
    expect(
      checkPage(
        page(goodHead, '<h1>Başlık</h1><img src="/a.webp" alt="Bir görsel"><a href="/iletisim">İletişim</a>'),
        ctx,
      ).findings,
    ).toEqual([])
  })

  it('finds a missing title and description, no h1, noindex, images without alt text, heavy images, broken links', () => {
    const html = page(
      '<meta name="robots" content="noindex, nofollow">',
      '<img src="/uploads/buyuk.jpg" width="400"><img src="/b.webp" alt=""><img src="/c.webp" alt="" aria-hidden="true">' +
        '<a href="/yok-boyle-sayfa?x=1">a</a><a href="/iletisim#form">b</a><a href="https://ornek.com/yok">c</a><script>"<h1>"</script>',
    )
    const found = checkPage(html, ctx).findings
    expect(found.map((f) => f.code)).toEqual([
      'title-missing',
      'description-missing',
      'noindex',
      'h1-missing',
      'broken-link',
      'image-alt',
      'image-heavy',
    ])
    expect(found.find((f) => f.code === 'image-alt')!.message).toBe(
      "2 görselin alternatif metni yok; Medya Yönetimi'nden ekleyebilirsiniz.",
    )
    expect(found.find((f) => f.code === 'broken-link')!.message).toContain('/yok-boyle-sayfa')
  })

  it('counts more than one h1 and a description that is too long', () => {
    const long = 'a'.repeat(170)
    const codes = checkPage(
      page(
        `<title>Yeterince uzun bir sayfa başlığı</title><meta name="description" content="${long}">`,
        '<h1>a</h1><h1>b</h1>',
      ),
      ctx,
    ).findings.map((f) => f.code)
    expect(codes).toEqual(['description-long', 'h1-many'])
  })

  it('reports the same title or description on several pages (paged lists excepted), worst pages first', () => {
    const row = (
      path: string,
      title: string,
      description: string,
      findings: { code: string; severity: 'error' | 'warning'; message: string }[] = [],
    ) => ({
      path,
      title,
      description,
      findings,
      checkedAt: '2026-03-10T10:00:00.000Z',
    })
    const r = seoReport(
      [
        row('/blog/a', 'Aynı', 'Açıklama A'),
        row('/blog/b', 'Aynı', 'Açıklama B'),
        row('/blog/sayfa/2', 'Blog', 'Liste'),
        row('/blog', 'Blog', 'Liste'),
        row('/iletisim', 'İletişim', 'Bize ulaşın', [
          { code: 'h1-missing', severity: 'error', message: 'x' },
        ]),
      ],
      () => null,
    )
    expect(r.pages.map((p) => [p.path, p.issues.map((i) => i.code)])).toEqual([
      ['/iletisim', ['h1-missing']],
      ['/blog/a', ['title-duplicate']],
      ['/blog/b', ['title-duplicate']],
    ])
  })
})
