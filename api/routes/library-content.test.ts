import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addMember,
  adminCookie,
  createTestApp,
  formRequest,
  jsonRequest,
  loginCookie,
  type TestApp,
} from '../testing/test-helpers.ts'
import { CSV, ELF, HTML, INVOICE_XML, PNG_1x1, SVG, testPdf } from '../testing/test-library-files.ts'

let t: TestApp
let member: string
let librarian: string
beforeEach(async () => {
  t = await createTestApp()
  member = await loginCookie(t, (await addMember(t.deps.data, 'member')).email, '/api/library/login')
  librarian = await loginCookie(
    t,
    (await addMember(t.deps.data, 'library_admin')).email,
    '/api/library/login',
  )
})
afterEach(() => t.cleanup())

const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name)
const upload = (fields: Record<string, string | File | undefined>, cookie = librarian) =>
  formRequest(t, 'POST', '/api/library/items', fields, cookie)
const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } })
const libraryFiles = async () => (await readdir(join(t.dataDir, 'library'))).sort()

describe('library roles on every route', () => {
  it('answers 401 without a member session, 403 to a member on writes, and lets a library admin write', async () => {
    const created = await upload({ title: 'Kılavuz', file: file(testPdf(), 'kılavuz.pdf') })
    expect(created.status).toBe(201)
    const itemId = (await created.json()).data.id as string
    const cat = await jsonRequest(t, 'POST', '/api/library/categories', { name: 'Mevzuat' }, librarian)
    expect(cat.status).toBe(201)
    const catId = (await cat.json()).data.id as string
    const admin = await adminCookie(t)

    const reads = [
      '/api/library/items',
      `/api/library/items/${itemId}`,
      `/api/library/items/${itemId}/file`,
      '/api/library/categories',
    ]
    for (const path of reads) {
      expect((await get(path)).status, path).toBe(401)
      // A staff admin's session is not a library session.
      expect((await get(path, admin)).status, path).toBe(401)
      expect((await get(path, member)).status, path).toBe(200)
      expect((await get(path, librarian)).status, path).toBe(200)
    }
    const writes: [string, string, () => Response | Promise<Response>][] = [
      [
        'POST',
        '/api/library/items',
        () => formRequest(t, 'POST', '/api/library/items', { title: 'X', url: 'https://ornek.com' }, member),
      ],
      [
        'PUT',
        `/api/library/items/${itemId}`,
        () => formRequest(t, 'PUT', `/api/library/items/${itemId}`, { title: 'X' }, member),
      ],
      [
        'DELETE',
        `/api/library/items/${itemId}`,
        () => jsonRequest(t, 'DELETE', `/api/library/items/${itemId}`, undefined, member),
      ],
      [
        'POST',
        '/api/library/categories',
        () => jsonRequest(t, 'POST', '/api/library/categories', { name: 'Y' }, member),
      ],
      [
        'PUT',
        `/api/library/categories/${catId}`,
        () => jsonRequest(t, 'PUT', `/api/library/categories/${catId}`, { name: 'Y' }, member),
      ],
      [
        'DELETE',
        `/api/library/categories/${catId}`,
        () => jsonRequest(t, 'DELETE', `/api/library/categories/${catId}`, undefined, member),
      ],
    ]
    for (const [method, path, call] of writes) {
      const res = await call()
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await res.json()).toEqual({ success: false, message: 'Bu işlem için yetkiniz yok.' })
    }
    // Anonymous writes: 401, nothing changed.
    expect(
      (await formRequest(t, 'POST', '/api/library/items', { title: 'X', url: 'https://ornek.com' })).status,
    ).toBe(401)
    expect((await jsonRequest(t, 'DELETE', `/api/library/items/${itemId}`)).status).toBe(401)
    expect((await jsonRequest(t, 'DELETE', `/api/library/categories/${catId}`)).status).toBe(401)
    expect(t.deps.data.library.items.count()).toBe(1)
    // The library admin's own writes all work.
    expect(
      (
        await formRequest(
          t,
          'PUT',
          `/api/library/items/${itemId}`,
          { title: 'Yeni ad', category: catId },
          librarian,
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await jsonRequest(
          t,
          'PUT',
          `/api/library/categories/${catId}`,
          { name: 'Mevzuat Özetleri' },
          librarian,
        )
      ).status,
    ).toBe(200)
    expect(
      (await jsonRequest(t, 'DELETE', `/api/library/items/${itemId}`, undefined, librarian)).status,
    ).toBe(200)
    expect(
      (await jsonRequest(t, 'DELETE', `/api/library/categories/${catId}`, undefined, librarian)).status,
    ).toBe(200)
  })
})

describe('library items', () => {
  it('stores a file item with its name, size and type and lists it newest first with paging', async () => {
    const pdf = testPdf()
    const res = await upload({
      title: 'e-Fatura Kılavuzu',
      description: 'Adım adım geçiş',
      file: file(pdf, 'e-Fatura Kılavuzu.pdf'),
    })
    expect(res.status).toBe(201)
    const { data } = await res.json()
    expect(data).toMatchObject({
      title: 'e-Fatura Kılavuzu',
      description: 'Adım adım geçiş',
      category: '',
      kind: 'file',
      fileName: 'e-Fatura Kılavuzu.pdf',
      size: pdf.length,
      mime: 'application/pdf',
      downloads: 0,
    })
    expect(data).not.toHaveProperty('fileKey')
    const link = await upload({ title: 'GİB Portalı', url: 'https://portal.gib.gov.tr' })
    expect(link.status).toBe(201)
    const list = await (await get('/api/library/items?pageSize=1', member)).json()
    expect(list).toMatchObject({ success: true, total: 2, page: 1, pageSize: 1 })
    expect(list.data[0]).toMatchObject({
      title: 'GİB Portalı',
      kind: 'link',
      url: 'https://portal.gib.gov.tr',
    })
    const page2 = await (await get('/api/library/items?pageSize=1&page=2', member)).json()
    expect(page2.data[0].title).toBe('e-Fatura Kılavuzu')
    // Files live under DATA_DIR/library/ only, under a random key.
    expect(await libraryFiles()).toHaveLength(1)
  })

  it('refuses a form with neither or both of file and link, and a missing title, in Turkish', async () => {
    const none = await upload({ title: 'Boş' })
    expect(none.status).toBe(400)
    expect((await none.json()).message).toBe('Bir dosya seçin ya da bir bağlantı adresi girin.')
    const both = await upload({ title: 'İkisi', url: 'https://ornek.com', file: file(testPdf(), 'a.pdf') })
    expect(both.status).toBe(400)
    expect((await both.json()).message).toBe(
      'Bir belge ya dosya ya da bağlantı olabilir, ikisi birden olamaz.',
    )
    const untitled = await upload({ title: '  ', file: file(testPdf(), 'a.pdf') })
    expect(untitled.status).toBe(400)
    expect((await untitled.json()).fields.title).toBe('Başlık zorunludur.')
    const badUrl = await upload({ title: 'Bağ', url: 'javascript:alert(1)' })
    expect(badUrl.status).toBe(400)
    expect(await libraryFiles()).toEqual([])
  })

  it('checks files by their bytes: disguised executables, HTML and SVG are refused under any name', async () => {
    const refusals: [Uint8Array, string][] = [
      [ELF, 'kurulum.pdf'],
      [ELF, 'liste.csv'],
      [HTML, 'sayfa.txt'],
      [HTML, 'fatura.xml'],
      [SVG, 'logo.xml'],
      [HTML, 'rapor.pdf'],
      [PNG_1x1, 'belge.pdf'],
      [testPdf(), 'resim.png'],
      [HTML, 'sayfa.html'],
      [SVG, 'logo.svg'],
      [ELF, 'program.exe'],
    ]
    for (const [bytes, name] of refusals) {
      const res = await upload({ title: name, file: file(bytes, name) })
      expect(res.status, name).toBe(400)
      const body = await res.json()
      expect(body.fields.file, name).toMatch(
        /^(Bu dosya türü kabul edilmiyor|Dosyanın içeriği uzantısıyla uyuşmuyor)/,
      )
    }
    expect(await libraryFiles()).toEqual([])
    expect(t.deps.data.library.items.count()).toBe(0)
    const accepted: [Uint8Array, string, string][] = [
      [testPdf(), 'k.pdf', 'application/pdf'],
      [PNG_1x1, 'p.png', 'image/png'],
      [INVOICE_XML, 'fatura.xml', 'application/xml'],
      [CSV, 'hesap planı.csv', 'text/csv'],
    ]
    for (const [bytes, name, mime] of accepted) {
      const res = await upload({ title: name, file: file(bytes, name) })
      expect(res.status, name).toBe(201)
      expect((await res.json()).data.mime).toBe(mime)
    }
  })

  it('keeps the previous file when a file is replaced, for library admins only', async () => {
    const first = testPdf('Birinci sürüm metni')
    const created = await (await upload({ title: 'Kılavuz', file: file(first, 'v1.pdf') })).json()
    const id = created.data.id as string
    const replaced = await formRequest(
      t,
      'PUT',
      `/api/library/items/${id}`,
      { title: 'Kılavuz', file: file(testPdf('İkinci sürüm metni'), 'v2.pdf') },
      librarian,
    )
    expect(replaced.status).toBe(200)
    expect((await replaced.json()).data.fileName).toBe('v2.pdf')
    const asAdmin = await (await get(`/api/library/items/${id}`, librarian)).json()
    expect(asAdmin.versions).toHaveLength(1)
    expect(asAdmin.versions[0]).toMatchObject({ fileName: 'v1.pdf', size: first.length })
    const old = await get(`/api/library/items/${id}/versions/${asAdmin.versions[0].id}/file`, librarian)
    expect(old.status).toBe(200)
    expect(new Uint8Array(await old.arrayBuffer())).toEqual(first)
    expect(
      (await get(`/api/library/items/${id}/versions/${asAdmin.versions[0].id}/file`, member)).status,
    ).toBe(403)
    const asMember = await (await get(`/api/library/items/${id}`, member)).json()
    expect(asMember).not.toHaveProperty('versions')
    // Search follows the new file's text.
    const found = await (await get('/api/library/items?q=ikinci', member)).json()
    expect(found.total).toBe(1)
    expect((await (await get('/api/library/items?q=birinci', member)).json()).total).toBe(0)
    expect(await libraryFiles()).toHaveLength(2)
    // Deleting the item removes both files.
    expect((await jsonRequest(t, 'DELETE', `/api/library/items/${id}`, undefined, librarian)).status).toBe(
      200,
    )
    expect(await libraryFiles()).toEqual([])
  })
})

describe('library downloads', () => {
  it('answers with the Turkish name, nosniff, ETag, 304 and one Range as 206', async () => {
    const pdf = testPdf()
    const id = (await (await upload({ title: 'K', file: file(pdf, 'e-Fatura Kılavuzu.pdf') })).json()).data.id
    const full = await get(`/api/library/items/${id}/file`, member)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe('application/pdf')
    expect(full.headers.get('content-disposition')).toBe(
      `inline; filename="e-Fatura Kilavuzu.pdf"; filename*=UTF-8''e-Fatura%20K%C4%B1lavuzu.pdf`,
    )
    expect(full.headers.get('x-content-type-options')).toBe('nosniff')
    expect(full.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect(full.headers.get('accept-ranges')).toBe('bytes')
    expect(full.headers.get('content-length')).toBe(String(pdf.length))
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(pdf)
    const etag = full.headers.get('etag')!
    expect(etag).toMatch(/^"[^"]+"$/)

    const saved = await get(`/api/library/items/${id}/file?indir=1`, member)
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; /)
    await saved.arrayBuffer()

    const cached = await get(`/api/library/items/${id}/file`, member, { 'if-none-match': etag })
    expect(cached.status).toBe(304)

    const part = await get(`/api/library/items/${id}/file`, member, { range: 'bytes=5-14' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 5-14/${pdf.length}`)
    expect(part.headers.get('content-length')).toBe('10')
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(pdf.slice(5, 15))

    const tail = await get(`/api/library/items/${id}/file`, member, { range: 'bytes=-4' })
    expect(tail.status).toBe(206)
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(pdf.slice(-4))

    const beyond = await get(`/api/library/items/${id}/file`, member, { range: `bytes=${pdf.length}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${pdf.length}`)

    // An If-Range for another version sends the whole file.
    const stale = await get(`/api/library/items/${id}/file`, member, {
      range: 'bytes=0-1',
      'if-range': '"eski"',
    })
    expect(stale.status).toBe(200)
    await stale.arrayBuffer()

    // Whole answers were counted (the first, ?indir=1 and the one for a stale If-Range), not the 304, the ranges
    // past byte 0 or the 416. Counts are written by the writer thread after the answer: polled until they land.
    const downloads = async () =>
      (await (await get(`/api/library/items/${id}`, member)).json()).data.downloads
    await expect.poll(downloads).toBe(3)
    expect(t.deps.data.library.stats(new Date()).downloadsThisMonth).toBe(3)
  })

  it('saves non-PDF files as attachments', async () => {
    const id = (await (await upload({ title: 'Fatura', file: file(INVOICE_XML, 'örnek fatura.xml') })).json())
      .data.id
    const res = await get(`/api/library/items/${id}/file`, member)
    expect(res.headers.get('content-type')).toBe('application/xml')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ornek fatura.xml"; filename\*=UTF-8''%C3%B6rnek%20fatura.xml$/,
    )
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(INVOICE_XML)
  })
})

describe('library search', () => {
  it('finds words in titles, descriptions and inside PDFs, ignoring case and Turkish letters', async () => {
    await upload({
      title: 'e-Defter Kılavuzu',
      description: 'Berat yükleme adımları',
      url: 'https://ornek.com/a',
    })
    await upload({
      title: 'Sunum',
      file: file(testPdf('Şirketlerin ÖDEME çağrıları ve ıslak imza'), 'sunum.pdf'),
    })
    await upload({ title: 'KDV Özeti', description: 'Mevzuat', url: 'https://ornek.com/b' })
    const titles = async (q: string) =>
      (
        (await (await get(`/api/library/items?q=${encodeURIComponent(q)}`, member)).json()).data as {
          title: string
        }[]
      ).map((i) => i.title)
    expect(await titles('kilavuz')).toEqual(['e-Defter Kılavuzu'])
    expect(await titles('KILAVUZ')).toEqual(['e-Defter Kılavuzu'])
    expect(await titles('Kılav')).toEqual(['e-Defter Kılavuzu'])
    expect(await titles('yukleme')).toEqual(['e-Defter Kılavuzu'])
    expect(await titles('sirketlerin odeme')).toEqual(['Sunum'])
    expect(await titles('ISLAK')).toEqual(['Sunum'])
    expect(await titles('çağrı')).toEqual(['Sunum'])
    expect(await titles('ozet')).toEqual(['KDV Özeti'])
    expect(await titles('yok-boyle-bir-kelime')).toEqual([])
    // FTS syntax in people's words is taken literally, not as operators.
    expect(await titles('kdv OR "')).toEqual([])
    expect((await get('/api/library/items?q=' + 'a'.repeat(201), member)).status).toBe(400)
  })

  it('filters by category and pages the results', async () => {
    const cat = (
      await (await jsonRequest(t, 'POST', '/api/library/categories', { name: 'Şablonlar' }, librarian)).json()
    ).data.id
    for (let i = 1; i <= 3; i++)
      await upload({ title: `Şablon ${i}`, category: cat, url: `https://ornek.com/${i}` })
    await upload({ title: 'Şablon dışı', url: 'https://ornek.com/x' })
    const page = await (
      await get(`/api/library/items?category=${cat}&q=sablon&pageSize=2&page=2`, member)
    ).json()
    expect(page.total).toBe(3)
    expect(page.data).toHaveLength(1)
    const all = await (await get(`/api/library/items?category=${cat}`, member)).json()
    expect(all.total).toBe(3)
  })
})

describe('library categories', () => {
  it('creates, renames, orders and deletes categories; an in-use one only after moving its items', async () => {
    const add = async (name: string, position?: number) =>
      (await (await jsonRequest(t, 'POST', '/api/library/categories', { name, position }, librarian)).json())
        .data
    const a = await add('Kılavuzlar')
    const b = await add('Mevzuat')
    const c = await add('Şablonlar', 0)
    const names = async () =>
      ((await (await get('/api/library/categories', member)).json()).data as { name: string }[]).map(
        (x) => x.name,
      )
    expect(await names()).toEqual(['Şablonlar', 'Kılavuzlar', 'Mevzuat'])
    const dup = await jsonRequest(t, 'POST', '/api/library/categories', { name: 'KILAVUZLAR' }, librarian)
    expect(dup.status).toBe(409)
    expect((await dup.json()).message).toBe('Bu adla bir kategori zaten var.')
    await jsonRequest(
      t,
      'PUT',
      `/api/library/categories/${a.id}`,
      { name: 'Kılavuzlar ve Rehberler', position: 2 },
      librarian,
    )
    expect(await names()).toEqual(['Şablonlar', 'Mevzuat', 'Kılavuzlar ve Rehberler'])

    await upload({ title: 'Yönetmelik', category: b.id, url: 'https://ornek.com/y' })
    const refused = await jsonRequest(t, 'DELETE', `/api/library/categories/${b.id}`, undefined, librarian)
    expect(refused.status).toBe(409)
    expect((await refused.json()).message).toBe(
      'Bu kategoride belgeler var. Silmeden önce belgeleri başka bir kategoriye taşıyın.',
    )
    const moved = await jsonRequest(
      t,
      'DELETE',
      `/api/library/categories/${b.id}?moveTo=${c.id}`,
      undefined,
      librarian,
    )
    expect(moved.status).toBe(200)
    expect(await names()).toEqual(['Şablonlar', 'Kılavuzlar ve Rehberler'])
    const list = await (await get(`/api/library/items?category=${c.id}`, member)).json()
    expect(list.data.map((i: { title: string }) => i.title)).toEqual(['Yönetmelik'])
  })
})

describe('library audit log', () => {
  it("records every library admin action as a Turkish sentence naming the item, and not a member's refused call", async () => {
    const id = (await (await upload({ title: 'e-Fatura Kılavuzu', file: file(testPdf(), 'k.pdf') })).json())
      .data.id
    await formRequest(
      t,
      'PUT',
      `/api/library/items/${id}`,
      { title: 'e-Fatura Kılavuzu', file: file(testPdf('yeni'), 'k2.pdf') },
      librarian,
    )
    await formRequest(t, 'PUT', `/api/library/items/${id}`, { title: 'e-Fatura Rehberi' }, librarian)
    await upload({ title: 'Zararlı', file: file(ELF, 'zararli.pdf') })
    const cat = (
      await (await jsonRequest(t, 'POST', '/api/library/categories', { name: 'Mevzuat' }, librarian)).json()
    ).data.id
    await jsonRequest(t, 'DELETE', `/api/library/categories/${cat}`, undefined, librarian)
    await jsonRequest(t, 'DELETE', `/api/library/items/${id}`, undefined, librarian)
    await jsonRequest(t, 'DELETE', `/api/library/items/${id}`, undefined, member)
    const entries = t.deps.data.audit.list({ page: 1, pageSize: 50 }).data.reverse()
    expect(entries.map((e) => e.action)).toEqual([
      '"e-Fatura Kılavuzu" kütüphane belgesini ekledi',
      '"e-Fatura Kılavuzu" kütüphane belgesinin dosyasını değiştirdi',
      '"e-Fatura Rehberi" kütüphane belgesini güncelledi',
      '"Zararlı" kütüphane belgesini ekleyemedi: Bu dosya türü kabul edilmiyor. Kabul edilen türler: PDF, Word, Excel, PowerPoint, OpenDocument, XML, CSV, TXT, ZIP, PNG, JPEG',
      '"Mevzuat" kütüphane kategorisini ekledi',
      '"Mevzuat" kütüphane kategorisini sildi',
      '"e-Fatura Rehberi" kütüphane belgesini sildi',
    ])
    expect(entries[0]).toMatchObject({ userName: 'Üye library_admin', method: 'POST', status: 201 })
  })
})

describe('library visits', () => {
  it("answers since when items are new for the member: the previous visit's end, stable within a visit", async () => {
    let now = new Date('2026-03-01T10:00:00Z')
    const t2 = await createTestApp({ now: () => now })
    try {
      const cookie = await loginCookie(t2, (await addMember(t2.deps.data)).email, '/api/library/login')
      const visit = async () =>
        (await (await jsonRequest(t2, 'POST', '/api/library/visit', undefined, cookie)).json()).since
      expect(await visit()).toBeNull()
      now = new Date('2026-03-01T10:20:00Z')
      expect(await visit()).toBeNull()
      now = new Date('2026-03-01T11:00:00Z')
      expect(await visit()).toBe('2026-03-01T10:20:00.000Z')
      now = new Date('2026-03-01T11:10:00Z')
      expect(await visit()).toBe('2026-03-01T10:20:00.000Z')
      expect((await jsonRequest(t2, 'POST', '/api/library/visit')).status).toBe(401)
    } finally {
      await t2.cleanup()
    }
  })
})

describe('library numbers on the staff dashboard', () => {
  it('gives staff admins the items, downloads this month and bytes; a library session gets 401', async () => {
    const pdf = testPdf()
    const id = (await (await upload({ title: 'K', file: file(pdf, 'k.pdf') })).json()).data.id
    await upload({ title: 'Bağlantı', url: 'https://ornek.com' })
    await (await get(`/api/library/items/${id}/file`, member)).arrayBuffer()
    await expect.poll(() => t.deps.data.library.stats(new Date()).downloadsThisMonth).toBe(1)
    const admin = await adminCookie(t)
    const res = await get('/api/admin/library-stats', admin)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      success: true,
      data: { items: 2, downloadsThisMonth: 1, bytes: pdf.length },
    })
    expect((await get('/api/admin/library-stats', librarian)).status).toBe(401)
  })
})

describe('library search order', () => {
  it('lists items whose title or description hold the words first, then those with the words only inside, pages across both', async () => {
    await upload({ title: 'Eski Kılavuz', url: 'https://ornek.com/1' })
    await upload({ title: 'Sunum', file: file(testPdf('kılavuz metni içeride'), 's.pdf') })
    await upload({ title: 'Yeni Kılavuz', description: 'x', url: 'https://ornek.com/2' })
    await upload({ title: 'Rapor', description: 'Bir kılavuz özeti', url: 'https://ornek.com/3' })
    const titles = async (query: string) =>
      ((await (await get(`/api/library/items?${query}`, member)).json()).data as { title: string }[]).map(
        (i) => i.title,
      )
    expect(await titles('q=kilavuz')).toEqual(['Rapor', 'Yeni Kılavuz', 'Eski Kılavuz', 'Sunum'])
    expect(await titles('q=kilavuz&pageSize=2&page=2')).toEqual(['Eski Kılavuz', 'Sunum'])
    expect(await titles('q=kilavuz&pageSize=3&page=2')).toEqual(['Sunum'])
    expect(await titles('')).toEqual(['Rapor', 'Yeni Kılavuz', 'Sunum', 'Eski Kılavuz'])
  })
})
