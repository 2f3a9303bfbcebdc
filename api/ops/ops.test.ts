import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { writeFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger, log, setLogger } from '../lib/log.ts'
import { idleBuildStatus } from '../publish/build-status.ts'
import { createServerApp } from '../publish/server-app.ts'
import { opsRoutes } from '../routes/ops.ts'
import { addUser, createTestApp, PASSWORD, type TestApp } from '../testing/test-helpers.ts'
import { observeRequests, recordRoute } from './request-log.ts'
import { fileOf, layoutOf, readCollection } from '../testing/content-files.ts'

const TOKEN = 'olcum-anahtari-0123456789'
type Family = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string>; count?: string }[] }

let t: TestApp
let server: Server | null = null
let base = ''
let served: Hono
let lines: string[] = []
const original = log

/** The app served the way server.ts serves it (observed, probes mounted), on a real socket. */
async function listen(app: TestApp) {
  const serverApp = createServerApp(app.app, new Hono().get('*', (c) => c.text('site')), {
    probes: opsRoutes(app.deps, { metricsToken: TOKEN }),
    observe: recordRoute,
  })
  served = serverApp
  server = createServer(observeRequests(() => false, getRequestListener(serverApp.fetch)))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
}

beforeEach(async () => {
  lines = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
})
afterEach(async () => {
  setLogger(original)
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)))
  server = null
  await t?.cleanup()
})

const families = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/metrics`, { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return new Map((parsePrometheusTextFormat(await res.text()) as Family[]).map((f) => [f.name, f]))
}
const value = (f: Family | undefined, labels: Record<string, string> = {}) =>
  Number(
    f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? 0,
  )

describe('/healthz and /readyz', () => {
  it('answer 200 while everything is right; /readyz 503 naming the file once a content file is made invalid', async () => {
    t = await createTestApp()
    await listen(t)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    const ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', reasons: [] })

    // The posts' one file, or (posts in a folder) the first post's own file, made invalid: a title that is no text.
    const first = readCollection(t.contentDir, 'blogs')[0].id
    const file = fileOf('blogs', first, layoutOf(t.contentDir, 'blogs'))
    const blogs = join(t.contentDir, file)
    const valid = await readFile(blogs, 'utf8')
    await writeFile(blogs, JSON.stringify(file === 'blogs.json' ? [{ id: 'x', title: 42 }] : { id: first, title: 42 }))
    await t.deps.content.checkDisk()
    const failing = await fetch(`${base}/readyz`)
    expect(failing.status).toBe(503)
    const body = await failing.json()
    expect(body.status).toBe('not-ready')
    expect(body.checks.content.ok).toBe(false)
    expect(body.reasons.join(' ')).toContain(file)
    // The process itself still answers.
    expect((await fetch(`${base}/healthz`)).status).toBe(200)

    // Through a proxy (or from another machine) without the token: the status only, no file names or errors.
    const remote = await fetch(`${base}/readyz`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(remote.status).toBe(503)
    expect(await remote.json()).toEqual({ status: 'not-ready' })
    const withToken = await fetch(`${base}/readyz`, { headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` } })
    expect((await withToken.json()).reasons.join(' ')).toContain(file)

    await writeFile(blogs, valid)
    await t.deps.content.checkDisk()
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
  })

  it('/readyz is 503 while the last publish failed', async () => {
    t = await createTestApp({
      buildStatus: () => ({ ...idleBuildStatus(), generation: 3, failed: 4, lastError: 'Sayfa oluşturulamadı' }),
    })
    await listen(t)
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    expect((await res.json()).reasons).toEqual(['Son yayın başarısız: Sayfa oluşturulamadı'])
  })

  it('/readyz stays 200 with a warning naming the page while one page could not be rendered (issue 27)', async () => {
    const failure = {
      path: '/blog/yazi',
      text: 'Blog yazısı “Yazı” (alan: Özet) güncellenemedi; önceki hâli yayında kalıyor. Diğer sayfalar güncel.',
      message: 'Özet işlenemedi',
      collection: 'blogs',
      itemId: 'b1',
      field: 'excerpt',
      kept: true,
      publish: 4,
    }
    t = await createTestApp({ buildStatus: () => ({ ...idleBuildStatus(), generation: 4, pageErrors: [failure] }) })
    await listen(t)
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(200)
    expect((await res.json()).checks.publish).toEqual({
      ok: true,
      warning: 'Oluşturulamayan sayfalar (önceki hâlleri yayında): /blog/yazi (excerpt): Özet işlenemedi',
    })
  })
})

describe('/metrics', () => {
  it('is Prometheus text with every family; counts answers by route and status and contact messages', async () => {
    t = await createTestApp()
    await listen(t)
    const before = await families()
    for (const name of [
      'site_publishes_total',
      'site_publish_duration_seconds',
      'site_pages_rendered_total',
      'site_save_to_live_seconds',
      'site_http_requests_total',
      'site_http_request_duration_seconds',
      'site_contact_messages_total',
      'site_writer_queue_depth',
      'site_git_commits_total',
      'site_git_pushes_total',
      'site_git_processes_total',
      'site_git_commits_pending',
      'site_git_commit_lag_seconds',
      'site_git_push_lag_seconds',
      'site_git_failing',
      'process_resident_memory_bytes',
    ])
      expect(before.has(name), name).toBe(true)
    expect(before.get('site_publish_duration_seconds')!.type).toBe('HISTOGRAM')

    const sent = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ayşe', email: 'ayse@ornek.com', phone: '+90 532 000 00 00', subject: 'Soru', message: 'Merhaba' }),
    })
    expect(sent.status).toBe(201)
    expect((await fetch(`${base}/api/blogs/yok-boyle-bir-yazi`)).status).toBe(404)

    const after = await families()
    const contact = 'site_contact_messages_total'
    expect(value(after.get(contact)) - value(before.get(contact))).toBe(1)
    const http = after.get('site_http_requests_total')
    expect(value(http, { route: '/api/contact', method: 'POST', status: '201' })).toBeGreaterThanOrEqual(1)
    expect(value(http, { route: '/api/blogs/:id', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1)
  })

  it('is refused (401) through a proxy or from elsewhere without the token; the token opens it', async () => {
    t = await createTestApp()
    await listen(t)
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(401)
    const wrong = { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer yanlis-anahtar-0123456789' }
    expect((await fetch(`${base}/metrics`, { headers: wrong })).status).toBe(401)
    await families({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })
    // A request without a socket (nothing says it is local) is refused too.
    expect((await served.request('/metrics')).status).toBe(401)
  })
})

describe('logs', () => {
  it('are JSON lines with time, level, request id, method, route, status and duration, and never hold a secret', { timeout: 90_000 }, async () => {
    const remote = 'https://depo-kullanici:Uzak-Sifre-4242@127.0.0.1:9/icerik.git'
    t = await createTestApp({ contentVersioning: { git: { remote } } })
    await listen(t)
    const user = await addUser(t.deps.data)
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const token = cookie.split('=')[1]!
    expect(token.length).toBeGreaterThan(20)
    const about = await (await fetch(`${base}/api/admin/hakkimizda`, { headers: { cookie } })).json()
    const saved = await fetch(`${base}/api/admin/hakkimizda`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...about.data, title2: 'Günlük testi' }),
    })
    expect(saved.status).toBe(200)
    // A failing login with a wrong password is logged as a 401, without the password.
    await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'Yanlis-Sifre-777' }),
    })
    // The push to the unreachable remote fails and is logged; an error naming the remote is logged too.
    await expect.poll(() => lines.some((l) => l.includes('Uzak depoya gönderilemedi')), { timeout: 60_000 }).toBe(true)
    log.error({ err: new Error(`git push ${remote} başarısız`), headers: { cookie } }, `Uzak depo: ${remote}`)

    // A shared preview link's token is a key to a draft: logged as '***'.
    const previewToken = 'Onizleme-Anahtari-0123456789abcdefghijklmno'
    await fetch(`${base}/onizleme/${previewToken}?x=1`)
    await expect.poll(() => lines.some((l) => l.includes('/onizleme/***'))).toBe(true)

    const text = lines.join('\n')
    for (const secret of [PASSWORD, 'Yanlis-Sifre-777', token, 'Uzak-Sifre-4242', previewToken])
      expect(text, `a log line holds ${secret}`).not.toContain(secret)
    expect(text).toContain('https://***@127.0.0.1:9/icerik.git')

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    for (const e of entries) expect(e).toMatchObject({ time: expect.any(String), level: expect.any(String) })
    const answers = entries.filter((e) => e.msg === 'yanıt')
    expect(answers).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/api/admin/login', path: '/api/admin/login', status: 200, reqId: expect.any(String), ms: expect.any(Number) }),
    )
    expect(answers).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/admin/login', status: 401 }))
    expect(answers).toContainEqual(expect.objectContaining({ method: 'PUT', route: '/api/admin/hakkimizda', status: 200 }))
    expect(new Set(answers.map((a) => a.reqId)).size).toBe(answers.length)
  })
})
