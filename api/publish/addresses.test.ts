import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slugify, uniqueSlug } from '#schema/address.ts'
import { addUser, loginCookie } from '../testing/test-helpers.ts'
import { createTestSite, type TestSite } from '../testing/test-site.ts'

let site: TestSite
let cookie: string
beforeAll(async () => {
  site = await createTestSite()
  const user = await addUser(site.deps.data)
  cookie = await loginCookie({ app: site.app, deps: site.deps } as never, user.email)
}, 240_000)
afterAll(() => site?.cleanup())

const form = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}
async function save(collection: 'blogs' | 'social-projects', fields: Record<string, string>, id?: string) {
  const res = await site.app.request(`/api/admin/${collection}${id ? `/${id}` : ''}`, {
    method: id ? 'PUT' : 'POST',
    headers: { cookie },
    body: form(fields),
  })
  return { status: res.status, body: await res.json() }
}
const post = (title: string, extra: Record<string, string> = {}) => ({
  title,
  status: 'published',
  tags: '[]',
  contentStructure: JSON.stringify([{ type: 'text', content: `${title} gövdesi` }]),
  ...extra,
})

describe('readable addresses', () => {
  it('transliterates Turkish letters, lower-cases and hyphenates; unique with -2, -3', () => {
    expect(slugify('Çağrı Merkezi: ŞUBE İşlemleri & Öğün Ücreti')).toBe('cagri-merkezi-sube-islemleri-ogun-ucreti')
    expect(slugify('IĞDIR ılıca')).toBe('igdir-ilica')
    expect(slugify('  --e-Fatura 2026!!  ')).toBe('e-fatura-2026')
    expect(slugify('???')).toBe('')
    expect(uniqueSlug('a', new Set(['a', 'a-2']))).toBe('a-3')
  })

  it('gives a new post its address from the title, unique, fixed when the title changes; the page lives there', async () => {
    const first = await save('blogs', post('Şirketlerde E-İmza Dönüşümü'))
    expect(first.status).toBe(200)
    expect(first.body.data.slug).toBe('sirketlerde-e-imza-donusumu')
    const second = await save('blogs', post('Şirketlerde E-İmza Dönüşümü'))
    const third = await save('blogs', post('Şirketlerde e-imza dönüşümü!'))
    expect([second.body.data.slug, third.body.data.slug]).toEqual([
      'sirketlerde-e-imza-donusumu-2',
      'sirketlerde-e-imza-donusumu-3',
    ])
    const renamed = await save('blogs', post('Bambaşka bir başlık'), first.body.data.id)
    expect(renamed.body.data.slug).toBe('sirketlerde-e-imza-donusumu')
    await site.settled()
    const page = await site.fetch('/blog/sirketlerde-e-imza-donusumu')
    expect(page.status).toBe(200)
    expect(page.text).toContain('Bambaşka bir başlık')
    // The lists link to the address, not the id.
    expect((await site.fetch('/blog')).text).toContain('href="/blog/sirketlerde-e-imza-donusumu-3"')
    // Spec clients route the API by id; the address works too.
    const byId = await site.fetch(`/api/blogs/${first.body.data.id}`)
    expect(JSON.parse(byId.text).data.slug).toBe('sirketlerde-e-imza-donusumu')
    expect((await site.fetch('/api/blogs/sirketlerde-e-imza-donusumu')).status).toBe(200)
  })

  it("changes the address through 'slug': old address and id answer 301 to the new one, also after a restart", async () => {
    const made = await save('social-projects', {
      ...post('Köy Okulu Kütüphanesi'),
      project_date: '2026-10-01',
    })
    const { id, slug } = made.body.data
    expect(slug).toBe('koy-okulu-kutuphanesi')
    const changed = await save('social-projects', { ...post('Köy Okulu Kütüphanesi'), project_date: '2026-10-01', slug: 'Köy Kitaplığı' }, id)
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ slug: 'koy-kitapligi', oldSlugs: ['koy-okulu-kutuphanesi'] })
    await site.settled()
    expect((await site.fetch('/sosyal-sorumluluk/koy-kitapligi')).status).toBe(200)
    for (const old of ['/sosyal-sorumluluk/koy-okulu-kutuphanesi', `/sosyal-sorumluluk/${id}`]) {
      const res = await site.fetch(old)
      expect(res.status, old).toBe(301)
      expect(res.res.headers.get('location')).toBe('/sosyal-sorumluluk/koy-kitapligi')
    }
    // An address another item answers to is refused, in Turkish, on the field.
    const other = await save('blogs', post('Başka yazı'))
    const taken = await save('blogs', { ...post('Başka yazı'), slug: 'sirketlerde-e-imza-donusumu' }, other.body.data.id)
    expect(taken.status).toBe(400)
    expect(taken.body.fields.slug).toBe('Bu adres başka bir içerikte kullanılıyor.')
    const bad = await save('blogs', { ...post('Başka yazı'), slug: '!!!' }, other.body.data.id)
    expect(bad.body.fields.slug).toBe('Adres yalnızca harf, rakam ve tire içerebilir.')

    await site.restart()
    const again = await site.fetch('/sosyal-sorumluluk/koy-okulu-kutuphanesi')
    expect(again.status).toBe(301)
    expect(again.res.headers.get('location')).toBe('/sosyal-sorumluluk/koy-kitapligi')
  })

  it('keeps the demo posts at their readable ids, as before', async () => {
    const page = await site.fetch('/blog/blog-e-imza-nedir')
    expect(page.status).toBe(200)
    expect((await site.fetch('/api/blogs/blog-e-imza-nedir')).status).toBe(200)
  })
})
