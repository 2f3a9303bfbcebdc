import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeImageFile, pngFile } from '../testing/test-media.ts'
import {
  adminCookie,
  createTestApp,
  formRequest,
  jsonRequest,
  uploadNames,
  type TestApp,
} from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
let publicDir: string
beforeEach(async () => {
  publicDir = await mkdtemp(join(tmpdir(), 'api-public-'))
  await mkdir(join(publicDir, 'demo'))
  await writeFile(join(publicDir, 'demo', 'ornek-kurulum.zip'), 'demo dosyası')
  t = await createTestApp({ publicDir })
  cookie = await adminCookie(t)
})
afterEach(async () => {
  await t.cleanup()
  await rm(publicDir, { recursive: true, force: true })
})

type Fields = Record<string, string | File | File[] | undefined>
const base = '/api/admin/programs'
const exe = (content = 'MZ program içeriği', name = 'Muhasebe Programı v2.exe') => new File([content], name)
const save = (fields: Fields, id?: string) =>
  formRequest(t, id ? 'PUT' : 'POST', id ? `${base}/${id}` : base, fields, cookie)
const create = async (fields: Fields = {}) => {
  const res = await save({ name: 'Muhasebe', description: 'Ön muhasebe programı', file: exe(), ...fields })
  expect(res.status).toBe(200)
  return (await res.json()).data
}
const storedFiles = () => readdir(join(t.dataDir, 'files'))
const publicList = async () => (await (await jsonRequest(t, 'GET', '/api/programs')).json()).data
const download = (id: string) => t.app.request(`/api/programs/${id}/download`)

describe('admin programs', () => {
  it('creates a program with a streamed file and a logo; never exposes the server path', async () => {
    const res = await save({
      name: 'Muhasebe',
      description: 'Ön muhasebe',
      version: '',
      logo: pngFile(),
      file: exe(),
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.message).toBe('Program başarıyla eklendi.')
    expect(body.data).toMatchObject({
      name: 'Muhasebe',
      version: '1.0.0',
      fileName: 'Muhasebe Programı v2.exe',
      fileSize: Buffer.byteLength('MZ program içeriği'),
      downloads: 0,
      hasFile: true,
    })
    expect(body.data.logoPath).toMatch(/^\/uploads\/.+\.png$/)
    expect(body.data).not.toHaveProperty('filePath')
    expect(await storedFiles()).toHaveLength(1)
    await t.restart()
    const list = await publicList()
    expect(list).toContainEqual(body.data)
    // The admin list keeps the program's own version; the edit fingerprint (issue 11) sits beside it.
    const adminList = (await (await jsonRequest(t, 'GET', '/api/admin/programs', undefined, cookie)).json())
      .data
    const mine = adminList.find((p: { id: string }) => p.id === body.data.id)
    expect(mine).toMatchObject({ version: '1.0.0', contentVersion: expect.any(String) })
    expect(JSON.stringify(list)).not.toMatch(/files\/|filePath/)
    expect(t.changes).toEqual(['programs'])
  })

  it('validates name and description, requires a file on create and checks the logo by content', async () => {
    const check = async (fields: Fields, status: number, message: string) => {
      const res = await save(fields)
      expect(res.status).toBe(status)
      expect((await res.json()).message).toBe(message)
    }
    await check({ name: '', description: 'x', file: exe() }, 400, 'Program adı ve açıklama zorunludur.')
    await check({ name: 'x', file: exe() }, 400, 'Program adı ve açıklama zorunludur.')
    await check(
      { name: 'x', description: 'y', logo: pngFile() },
      400,
      'Yeni program eklerken dosya seçimi zorunludur.',
    )
    await check(
      { name: 'x', description: 'y', file: new File([], '') },
      400,
      'Yeni program eklerken dosya seçimi zorunludur.',
    )
    await check(
      { name: 'x', description: 'y', file: exe(), logo: fakeImageFile() },
      400,
      'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    )
    const json = await jsonRequest(t, 'POST', base, { name: 'x', description: 'y' }, cookie)
    expect(json.status).toBe(400)
    // Nothing of the refused requests stays on disk.
    expect(await storedFiles()).toEqual([])
    expect(await uploadNames(t)).toEqual([])
    expect(t.changes).toEqual([])
  })

  it('refuses a file over 52428800 bytes with 413, streamed, and deletes the partial file', async () => {
    const boundary = 'sinir-' + 'x'.repeat(20)
    const res = await t.app.request(base, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: oversizedBody(boundary, 52428800 + 1),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe("Dosya boyutu çok büyük! Maksimum dosya boyutu 50MB'dir.")
    expect(await storedFiles()).toEqual([])
    expect(t.changes).toEqual([])
  })

  it('edit keeps the file unless a new one comes, which replaces it; a new logo replaces the old one', async () => {
    const p = await create({ logo: pngFile() })
    const [oldFile] = await storedFiles()
    const kept = await save({ name: 'Muhasebe Pro', description: 'Yeni açıklama', version: '2.0.0' }, p.id)
    const keptBody = await kept.json()
    expect(keptBody.message).toBe('Program başarıyla güncellendi.')
    expect(keptBody.data).toMatchObject({
      name: 'Muhasebe Pro',
      version: '2.0.0',
      fileName: p.fileName,
      fileSize: p.fileSize,
      logoPath: p.logoPath,
      createdAt: p.createdAt,
    })
    expect(await storedFiles()).toEqual([oldFile])
    const replaced = await (
      await save(
        { name: 'Muhasebe Pro', description: 'x', file: exe('yeni sürüm', 'kurulum.msi'), logo: pngFile() },
        p.id,
      )
    ).json()
    expect(replaced.data).toMatchObject({
      fileName: 'kurulum.msi',
      fileSize: Buffer.byteLength('yeni sürüm'),
    })
    expect(replaced.data.logoPath).not.toBe(p.logoPath)
    const files = await storedFiles()
    expect(files).toHaveLength(1)
    expect(files).not.toContain(oldFile)
    expect(await uploadNames(t)).toEqual([replaced.data.logoPath.slice(9)])
    expect(await (await download(p.id)).text()).toBe('yeni sürüm')
    expect((await save({ name: 'x', description: 'y' }, 'yok')).status).toBe(404)
  })

  it('takes a library image as the logo by its path, removes it with an empty path, refuses other paths', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer()
    const uploaded = await formRequest(
      t,
      'POST',
      '/api/upload',
      { image: new File([photo], 'logo.jpg') },
      cookie,
    )
    const { imageUrl } = await uploaded.json()
    const p = await create({ logoPath: imageUrl })
    expect(p.logoPath).toBe(imageUrl)
    // The public list carries the logo as <picture> data sized for its 64 px box: once the upload's other sizes
    // are made in the background (issue 23), its 400 px copy too.
    const listed = await vi.waitFor(
      async () => {
        const found = (await publicList()).find((x: { id: string }) => x.id === p.id)
        expect(found.logoPicture.sources[0].srcset).toContain('.400w.avif 400w')
        return found
      },
      { timeout: 60_000, interval: 100 },
    )
    expect(listed.logoPicture).toMatchObject({ src: imageUrl, width: 64, height: 64 })
    expect(listed.logoPicture.sources.map((s: { type: string }) => s.type)).toEqual([
      'image/avif',
      'image/webp',
    ])
    expect(listed.logoPicture.sources[0].srcset).toContain('.400w.avif 400w')

    const refused = await save({ name: 'Muhasebe', description: 'x', logoPath: '/etc/passwd' }, p.id)
    expect(refused.status).toBe(400)
    expect((await refused.json()).fields.logoPath).toBe('Logo için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.')
    // A save that fails (stale If-Match) never removes the library image it chose.
    const stale = await t.app.request(`${base}/${p.id}`, {
      method: 'PUT',
      headers: { cookie, 'if-match': '"eski"' },
      body: (() => {
        const f = new FormData()
        f.append('name', 'x')
        f.append('description', 'y')
        f.append('logoPath', imageUrl)
        return f
      })(),
    })
    expect(stale.status).toBe(412)
    expect(await uploadNames(t)).toContain(imageUrl.slice(9))

    const cleared = await (await save({ name: 'Muhasebe', description: 'x', logoPath: '' }, p.id)).json()
    expect(cleared.data.logoPath).toBe('')
    expect((await publicList()).find((x: { id: string }) => x.id === p.id).logoPicture).toBeUndefined()
  })

  it('delete removes the file and the logo; 404 after', async () => {
    const p = await create({ logo: pngFile() })
    const res = await jsonRequest(t, 'DELETE', `${base}/${p.id}`, undefined, cookie)
    expect(await res.json()).toEqual({ success: true, message: 'Program başarıyla silindi.' })
    expect(await storedFiles()).toEqual([])
    expect(await uploadNames(t)).toEqual([])
    expect((await jsonRequest(t, 'DELETE', `${base}/${p.id}`, undefined, cookie)).status).toBe(404)
    expect((await download(p.id)).status).toBe(404)
  })

  it('keeps both of two concurrent creations', async () => {
    const [a, b] = await Promise.all([
      save({ name: 'Bir', description: 'x', file: exe() }),
      save({ name: 'İki', description: 'y', file: exe() }),
    ])
    const ids = [(await a.json()).data.id, (await b.json()).data.id]
    await t.restart()
    expect((await publicList()).map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(ids))
  })
})

describe('download', () => {
  it('streams the file with length and an RFC 5987 name, and counts each download', async () => {
    const p = await create()
    const res = await download(p.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(p.fileSize))
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Muhasebe Programi v2.exe"; filename*=UTF-8''Muhasebe%20Program%C4%B1%20v2.exe`,
    )
    expect(await res.text()).toBe('MZ program içeriği')
    await (await download(p.id)).arrayBuffer()
    await t.restart()
    expect((await publicList()).find((x: { id: string }) => x.id === p.id).downloads).toBe(2)
    expect(t.deps.data.read('counters').downloads[p.id]).toBe(2)
  })

  // Link checkers and download managers send HEAD first; it counted as a download.
  it('answers HEAD with the headers and no body, without counting a download', async () => {
    const p = await create()
    const res = await t.app.request(`/api/programs/${p.id}/download`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('attachment')
    expect(await res.text()).toBe('')
    expect(t.deps.data.read('counters').downloads[p.id]).toBeUndefined()
  })

  it('serves a bundled demo file (demo/ key) from public/', async () => {
    const at = new Date().toISOString()
    await t.deps.content.update('programs', (list) => {
      list.push({
        id: 'demo-program',
        name: 'Demo',
        description: 'Demo',
        version: '1.0.0',
        logoPath: '',
        filePath: 'demo/ornek-kurulum.zip',
        fileName: '',
        fileSize: 20,
        createdAt: at,
        updatedAt: at,
      })
    })
    const res = await download('demo-program')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('filename="ornek-kurulum.zip"')
    expect(await res.text()).toBe('demo dosyası')
  })

  it('answers JSON 404 for an unknown program, a program without a file and a missing file', async () => {
    const at = new Date().toISOString()
    await t.deps.content.update('programs', (list) => {
      const p = {
        name: 'P',
        description: 'P',
        version: '1.0.0',
        logoPath: '',
        fileName: 'x.exe',
        fileSize: 1,
        createdAt: at,
        updatedAt: at,
      }
      list.push(
        { ...p, id: 'dosyasiz', filePath: '' },
        { ...p, id: 'kayip', filePath: 'files/kayipdosya123' },
        { ...p, id: 'kacak', filePath: '../../etc/passwd' },
      )
    })
    for (const id of ['yok', 'dosyasiz', 'kayip', 'kacak']) {
      const res = await download(id)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Kayıt bulunamadı.' })
    }
    expect((await publicList()).find((p: { id: string }) => p.id === 'dosyasiz').hasFile).toBe(false)
    expect(t.deps.data.read('counters').downloads).toEqual({})
  })
})

it('every program admin call needs a session', async () => {
  for (const [method, path] of [
    ['GET', base],
    ['POST', base],
    ['PUT', `${base}/x`],
    ['DELETE', `${base}/x`],
  ] as const) {
    const res =
      method === 'GET' || method === 'DELETE'
        ? await jsonRequest(t, method, path)
        : await formRequest(t, method, path, { name: 'x' })
    expect(res.status, `${method} ${path}`).toBe(401)
  }
})

/** A multipart body whose file part has `size` zero bytes, generated chunk by chunk as it is read. */
function oversizedBody(boundary: string, size: number): ReadableStream<Uint8Array> {
  const enc = new TextEncoder()
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const head = enc.encode(
    part('name', 'Büyük') +
      part('description', 'Çok büyük dosya') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="buyuk.exe"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const zeros = new Uint8Array(1024 * 1024)
  let left = size
  let stage = 0
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(head)
        stage = 1
      } else if (left > 0) {
        const n = Math.min(left, zeros.length)
        controller.enqueue(zeros.slice(0, n))
        left -= n
      } else {
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`))
        controller.close()
      }
    },
  })
}
