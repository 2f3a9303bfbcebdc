import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listExportFiles } from '../../api/publish/export-folder.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../api/node-flags.ts'

/**
 * Debian's nginx with the shipped configuration (deploy/nginx/, paths substituted) in front of the real server:
 * every answer through nginx is compared with the server's own answer to the same request.
 */
const NGINX = '/usr/sbin/nginx'
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const hasNginx = existsSync(NGINX)
const hasBrotli = existsSync(BROTLI_MODULE)
if (!hasNginx) console.warn(`deploy/nginx: ${NGINX} yok, nginx testleri atlanıyor (.ci/run nginx-light kurar).`)

const repo = join(import.meta.dirname, '..', '..')
const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }
/** Headers that must be the same from nginx as from the server, on every answer of the site. */
const SAME_HEADERS = [
  'content-type',
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cache-control',
  'strict-transport-security',
  'retry-after',
  'location',
]

let root = ''
let node: ChildProcess | null = null
let nginx: ChildProcess | null = null
let direct = ''
let proxied = ''
let nginxPrefix = ''
let buildDir = ''
/** The end of the server's log (warnings and errors): shown when a publish fails or hangs. */
let serverLog = ''

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer }
/** A raw GET (no automatic decompression): the bytes as sent. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one may be closing while nginx reloads (a client would retry).
    const req = request(`${base}${path}`, { agent: false, headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}
const picked = (a: Answer) => Object.fromEntries(SAME_HEADERS.map((h) => [h, a.headers[h]]))

async function startNode(nginxPort: number): Promise<string> {
  const port = await freePort()
  // Under the unit's UMask=0027 (deploy/systemd/netiz-site.service): the export must still be readable by nginx's
  // workers, who run as www-data (decision 290).
  const command = `umask 0027 && exec '${process.execPath}' ${SERVER_NODE_FLAGS.join(' ')} '${join(repo, 'api', 'server.ts')}'`
  node = spawn('/bin/sh', ['-c', command], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: join(root, 'content'),
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: buildDir,
      SITE_URL: `http://127.0.0.1:${nginxPort}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // The demo's 18 addresses make a large site's sitemap: an index and parts, answered alike (decision 342).
      SITEMAP_SPLIT_AT: '12',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  node.stdout!.on('data', (d) => (serverLog = (serverLog + d).slice(-20_000)))
  node.once('exit', (code, signal) => (serverLog += `\n[server exited: ${code ?? signal}]`))
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const poll = setInterval(() => {
      void get(`http://127.0.0.1:${port}`, '/healthz').then(
        () => (clearInterval(poll), resolve()),
        () => {},
      )
    }, 250)
    node!.stdout!.on('data', (d) => (out += d))
    node!.once('exit', (code) => (clearInterval(poll), reject(new Error(`server exited (${code}): ${out}`))))
  })
  return `http://127.0.0.1:${port}`
}

/** The shipped configuration with this run's paths and ports, under a main file for an unprivileged nginx. */
async function writeNginxConfig(nginxPort: number, nodeBase: string) {
  const shipped = (name: string) => readFile(join(import.meta.dirname, name), 'utf8')
  const site = (await shipped('netiz-site.conf'))
    .replaceAll('/srv/netiz/yayin', buildDir)
    .replace('server 127.0.0.1:3000;', `server ${new URL(nodeBase).host};`)
    .replace('listen 80;', `listen 127.0.0.1:${nginxPort};`)
    .replace('listen [::]:80;', '')
    .replaceAll('/etc/nginx/netiz-proxy.conf', join(nginxPrefix, 'netiz-proxy.conf'))
    .replace('/var/log/nginx/access.log', join(nginxPrefix, 'access.log'))
  await writeFile(join(nginxPrefix, 'site.conf'), site)
  await writeFile(join(nginxPrefix, 'netiz-proxy.conf'), await shipped('netiz-proxy.conf'))
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
  for (const t of temp) await mkdir(join(nginxPrefix, t), { recursive: true })
  await writeFile(
    join(nginxPrefix, 'nginx.conf'),
    [
      'daemon off;',
      // Workers as www-data, a user other than the service's (as on Debian); without root, as the current user.
      process.getuid?.() === 0 ? 'user www-data;' : '',
      'worker_processes 1;',
      `pid ${join(nginxPrefix, 'nginx.pid')};`,
      `error_log ${join(nginxPrefix, 'error.log')} warn;`,
      hasBrotli ? `load_module ${BROTLI_MODULE};` : '',
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...temp.map((t) => `  ${t}_temp_path ${join(nginxPrefix, t)};`),
      hasBrotli ? await shipped('netiz-brotli.conf') : '',
      `  include ${join(nginxPrefix, 'site.conf')};`,
      '}',
    ].join('\n'),
  )
}

async function startNginx(nginxPort: number) {
  nginx = spawn(NGINX, ['-p', nginxPrefix, '-c', join(nginxPrefix, 'nginx.conf'), '-e', join(nginxPrefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  nginx.stderr!.on('data', (d) => (err += d))
  const base = `http://127.0.0.1:${nginxPort}`
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${err} ${await readFile(join(nginxPrefix, 'error.log'), 'utf8').catch(() => '')}`)
    if (await get(base, '/robots.txt').then(() => true, () => false)) return base
    if (i > 100) throw new Error(`nginx does not answer: ${err}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** What the shipped reload unit does after a publish (deploy/systemd/netiz-nginx-reload.path). */
async function reloadNginx() {
  const before = await nginxWorkers()
  nginx!.kill('SIGHUP')
  // Done once every worker is a new one (the old ones exit when their connections are answered): a fixed 500 ms
  // ran out on a loaded machine, and the old workers still answered with the maps they had loaded.
  await expect
    .poll(async () => {
      const now = await nginxWorkers()
      return now.size > 0 && [...now].every((pid) => !before.has(pid))
    }, { timeout: 120_000, interval: 50 })
    .toBe(true)
}

/** The pids of nginx's workers: the children of its master (this test's child), from /proc. */
async function nginxWorkers(): Promise<Set<number>> {
  const workers = new Set<number>()
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '')
    // 'pid (name) state ppid …': the name may hold spaces, so the fields are read after its ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(ppid) === nginx!.pid && state !== 'Z') workers.add(Number(name))
  }
  return workers
}

/**
 * A publish running longer than this is hung (the server's own limit on a code build or a full render is 10
 * minutes). Not a speed check: on a loaded two-core machine one publish of 15 pages took 7 to 93 s.
 */
const PUBLISH_HANG_MS = 600_000
type Build = { generation: number; failed: number; lastError: string | null }

/**
 * Waits for the publish that carries a save (the number its answer names in X-Publish) to be live, by the
 * server's build status rather than by a deadline on the page: a slow publish is waited for, a failed one is
 * reported with the server's reason, and once it is live the page must be served at once (the caller checks).
 */
async function publishLive(saved: Response, cookie: string): Promise<void> {
  expect(saved.status).toBe(200)
  const n = Number(saved.headers.get('x-publish'))
  expect(n, 'the save names the publish that carries it (X-Publish)').toBeGreaterThan(0)
  const started = Date.now()
  for (;;) {
    const res = await fetch(`${direct}/api/admin/build`, { headers: { cookie } })
    expect(res.status, 'GET /api/admin/build').toBe(200)
    const build = ((await res.json()) as { data: Build }).data
    expect(build.generation, 'the build status names the live publish').toBeTypeOf('number')
    if (build.generation >= n) return
    if (build.failed >= n) throw new Error(`publish ${n} failed: ${build.lastError}\nserver log:\n${serverLog}`)
    if (Date.now() - started > PUBLISH_HANG_MS)
      throw new Error(`publish ${n} not live after ${PUBLISH_HANG_MS / 1000} s: ${JSON.stringify(build)}\nserver log:\n${serverLog}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The parts of the sitemap in the export ('/sitemap-blog-3f.xml' …; decision 342). */
async function sitemapParts(): Promise<string[]> {
  return (await listExportFiles(join(buildDir, 'live'))).filter((f) => /^\/sitemap-[^/]+\.xml$/.test(f))
}

/**
 * Every page of the export, as the address a visitor uses ('/blog/x/index.html' → '/blog/x', and '/blog/x/' as
 * well), except the old addresses the server redirects (checked on their own).
 */
async function publicPages(): Promise<string[]> {
  const files = await listExportFiles(join(buildDir, 'live'))
  return files
    .filter((f) => f.endsWith('.html') && !f.startsWith('/bize-ulasin/'))
    .flatMap((f) => {
      if (f === '/index.html') return ['/']
      if (!f.endsWith('/index.html')) return [f]
      const dir = f.slice(0, -'index.html'.length)
      return [dir.slice(0, -1), dir]
    })
}

beforeAll(async () => {
  if (!hasNginx) return
  root = await mkdtemp(join(tmpdir(), 'nginx-test-'))
  // www-data may enter it (mkdtemp makes it 0700), as it may enter /srv/netiz; the export's own modes are the server's.
  await chmod(root, 0o755)
  buildDir = join(root, 'build')
  nginxPrefix = join(root, 'nginx')
  await mkdir(nginxPrefix)
  await cp(join(repo, 'content'), join(root, 'content'), { recursive: true })
  const nginxPort = await freePort()
  direct = await startNode(nginxPort)
  await writeNginxConfig(nginxPort, direct)
  proxied = await startNginx(nginxPort)
  // A limit for a hang: the start builds the site's code for this SITE_URL and publishes it (4 min at load 25).
}, 900_000)

afterAll(async () => {
  nginx?.kill('SIGQUIT')
  if (node) {
    const exited = new Promise((r) => node!.once('exit', r))
    node.kill('SIGTERM')
    await exited
  }
  if (root && !process.env.KEEP_NGINX_TEST) await rm(root, { recursive: true, force: true })
  else if (root) console.log(root)
})

describe.skipIf(!hasNginx)('nginx with deploy/nginx/netiz-site.conf in front of the server', () => {
  it('answers every public page with the same body and the same headers as the server; br and gzip too', { timeout: 120_000 }, async () => {
    const pages = await publicPages()
    expect(pages.length).toBeGreaterThan(10)
    // The static pages' part and at least one of the posts' and of the projects'.
    const parts = await sitemapParts()
    expect(parts).toContain('/sitemap-sayfalar.xml')
    expect(parts.filter((p) => p.startsWith('/sitemap-blog-')).length).toBeGreaterThan(0)
    expect(parts.filter((p) => p.startsWith('/sitemap-projeler-')).length).toBeGreaterThan(0)
    for (const path of [...pages, '/rss.xml', '/sitemap.xml', ...parts, '/robots.txt']) {
      const [fromNginx, fromNode] = await Promise.all([get(proxied, path), get(direct, path)])
      expect(fromNginx.headers.server, path).toMatch(/^nginx/)
      expect(fromNginx.status, path).toBe(fromNode.status)
      expect(fromNginx.body.equals(fromNode.body), `${path}: body`).toBe(true)
      expect(picked(fromNginx), path).toEqual(picked(fromNode))
      const gz = await get(proxied, path, { 'accept-encoding': 'gzip' })
      if (fromNode.body.length > 256) {
        expect(gz.headers['content-encoding'], `${path}: gzip`).toBe('gzip')
        expect(gunzipSync(gz.body).equals(fromNode.body), `${path}: gzip body`).toBe(true)
      }
      if (hasBrotli && fromNode.body.length > 256) {
        const br = await get(proxied, path, { 'accept-encoding': 'br, gzip' })
        expect(br.headers['content-encoding'], `${path}: br`).toBe('br')
        expect(brotliDecompressSync(br.body).equals(fromNode.body), `${path}: br body`).toBe(true)
        expect(picked(br), `${path}: br headers`).toEqual(picked(fromNode))
      }
    }
    // The parts are served as /sitemap.xml is (its type and cache rule), and the index lists each of them.
    const index = await get(proxied, '/sitemap.xml')
    expect(index.body.toString('utf8')).toContain('<sitemapindex')
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    for (const part of parts) {
      const answer = await get(proxied, part)
      expect(answer.body.toString('utf8'), part).toContain('<urlset')
      expect([answer.headers['content-type'], answer.headers['cache-control']], part).toEqual([index.headers['content-type'], index.headers['cache-control']])
      expect(index.body.toString('utf8'), part).toContain(`${part}</loc>`)
    }
    // An asset: the year-long cache rule, the same type and bytes.
    const home = (await get(direct, '/')).body.toString('utf8')
    const asset = /(\/_astro\/[^"']+\.css)/.exec(home)?.[1]
    expect(asset).toBeDefined()
    const [a, b] = await Promise.all([get(proxied, asset!), get(direct, asset!)])
    expect(a.body.equals(b.body)).toBe(true)
    expect(picked(a)).toEqual(picked(b))
  })

  it('the 404 page, the redirect of /bize-ulasin and the export\'s host files are answered as by the server', async () => {
    for (const path of ['/yok-boyle-bir-sayfa', '/blog/yok-boyle-bir-yazi', '/_headers', '/_nginx.conf', '/manifest.json', '/index.html.br', '/_astro/', '/_astro/yok.js']) {
      const [a, b] = await Promise.all([get(proxied, path), get(direct, path)])
      expect(a.status, path).toBe(404)
      expect(b.status, path).toBe(404)
      expect(a.body.equals(b.body), `${path}: body`).toBe(true)
      expect(picked(a), path).toEqual(picked(b))
    }
    for (const path of ['/bize-ulasin', '/bize-ulasin/', '/bize-ulasin/index.html']) {
      const [a, b] = await Promise.all([get(proxied, path), get(direct, path)])
      expect(a.status, path).toBe(301)
      expect(a.headers.location, path).toBe('/iletisim')
      expect(b.headers.location, path).toBe('/iletisim')
    }
  })

  it('an admin save through nginx is served by nginx from the export', { timeout: 3 * PUBLISH_HANG_MS }, async () => {
    const login = await fetch(`${proxied}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxied },
      body: JSON.stringify(ADMIN),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const shows = async (base: string, title: string) => (await get(base, '/hakkimizda')).body.toString('utf8').includes(title)
    // nginx keeps files open between answers (open_file_cache): with the page read through it before each save,
    // the page must be the new one as soon as the server serves it (the export switches first), never a cached one.
    for (let round = 0; round < 3; round++) {
      expect((await get(proxied, '/hakkimizda')).status).toBe(200)
      const about = await (await fetch(`${proxied}/api/admin/hakkimizda`, { headers: { cookie } })).json()
      const title = `Nginx üzerinden kaydedildi ${round} ${Date.now()}`
      const saved = await fetch(`${proxied}/api/admin/hakkimizda`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin: proxied },
        body: JSON.stringify({ ...about, title2: title }),
      })
      await publishLive(saved, cookie)
      expect(await shows(direct, title), `round ${round}: the server serves the old page`).toBe(true)
      expect(await shows(proxied, title), `round ${round}: nginx still serves the old page`).toBe(true)
    }
    const fromNginx = await get(proxied, '/hakkimizda')
    expect(fromNginx.headers.server).toMatch(/^nginx/)
    expect(fromNginx.body.equals((await get(direct, '/hakkimizda')).body)).toBe(true)
    // After the reload the shipped path unit makes, the headers still match for every page.
    await reloadNginx()
    for (const path of await publicPages()) {
      const [a, b] = await Promise.all([get(proxied, path), get(direct, path)])
      expect(picked(a), path).toEqual(picked(b))
    }
  })

  it('maintenance on: nginx answers 503 with the maintenance page and Retry-After; admin and API still work', { timeout: 60_000 }, async () => {
    const login = await fetch(`${proxied}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxied },
      body: JSON.stringify(ADMIN),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const toggle = (enabled: boolean) =>
      fetch(`${proxied}/api/admin/maintenance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: proxied },
        body: JSON.stringify({ enabled }),
      })
    expect((await toggle(true)).status).toBe(200)
    try {
      for (const path of ['/', '/iletisim', '/blog', '/rss.xml', '/sitemap.xml', ...(await sitemapParts()).slice(0, 2), '/bize-ulasin', '/_astro/yok.js', '/yok']) {
        const [a, b] = await Promise.all([get(proxied, path), get(direct, path)])
        expect(a.status, path).toBe(503)
        expect(b.status, path).toBe(503)
        expect(a.headers.server, path).toMatch(/^nginx/)
        expect(a.body.equals(b.body), `${path}: body`).toBe(true)
        expect(picked(a), path).toEqual(picked(b))
        expect(a.headers['retry-after']).toBe('3600')
      }
      // Existing assets, the admin, the API and the library keep working.
      expect((await get(proxied, '/robots.txt')).status).toBe(200)
      expect((await fetch(`${proxied}/admin/`)).status).toBe(200)
      expect((await fetch(`${proxied}/api/admin/me`, { headers: { cookie } })).status).toBe(200)
      expect((await fetch(`${proxied}/api/maintenance`)).status).toBe(200)
      expect((await fetch(`${proxied}/kutuphane`)).status).not.toBe(503)
    } finally {
      expect((await toggle(false)).status).toBe(200)
    }
    expect((await get(proxied, '/')).status).toBe(200)
  })

  // A limit for a hang, not for speed: 150-275 s on a quiet machine, 11 to over 15 minutes at load 25-35 on two cores
  // (one publish of 15 pages took 7-93 s there).
  it('across 50 publishes without a reload (and with some), nginx answers every path as the server: new and renamed posts, old addresses, a preview, the 404 and maintenance', { timeout: 3_600_000 }, async () => {
    const login = await fetch(`${proxied}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxied },
      body: JSON.stringify(ADMIN),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(`${proxied}${path}`, {
        method,
        headers: { cookie, origin: proxied, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData || body === undefined ? (body as FormData | undefined) : JSON.stringify(body),
      })
    const postForm = (title: string, slug?: string) => {
      const form = new FormData()
      form.append('title', title)
      form.append('contentStructure', JSON.stringify([{ type: 'text', content: `${title} metni` }]))
      if (slug) form.append('slug', slug)
      return form
    }
    /** Once its publish is live, the server itself serves the save's page (the export switched before its index). */
    const servedByNode = async (saved: Response, path: string, text: string) => {
      await publishLive(saved, cookie)
      expect((await get(direct, path)).body.toString('utf8'), `${path} after its publish`).toContain(text)
    }

    const oldAddresses: string[] = []
    const created: string[] = []
    // A shared preview of unsaved About values: Node renders it per request, nginx must hand it over.
    const preview = await admin('POST', '/api/admin/preview', {
      collection: 'about',
      share: true,
      data: { title1: '', title2: 'Önizlenen Hakkımızda nginx', description1: 'a', image1: '', title3: '', description2: '', image2: '' },
    })
    expect(preview.status).toBe(200)
    const previewUrl = ((await preview.json()) as { data: { url: string } }).data.url

    const compareAll = async (round: number, expectStatus?: number) => {
      const paths = [...(await publicPages()), '/rss.xml', '/sitemap.xml', ...(await sitemapParts()), '/sitemap-blog-zz.xml', '/yok-boyle-bir-sayfa', '/blog/yok-boyle-bir-yazi', previewUrl, ...oldAddresses]
      for (const path of new Set(paths)) {
        const [a, b] = await Promise.all([get(proxied, path), get(direct, path)])
        const where = `round ${round}: ${path}`
        expect(a.headers.server, where).toMatch(/^nginx/)
        expect(a.status, where).toBe(b.status)
        if (expectStatus && path === '/') expect(a.status, where).toBe(expectStatus)
        if (b.status === 301) {
          expect(a.headers.location, where).toBe(b.headers.location)
          continue
        }
        expect(a.body.equals(b.body), `${where}: body`).toBe(true)
        expect(picked(a), where).toEqual(picked(b))
      }
    }

    let served = 0
    for (let round = 0; round < 50; round++) {
      const op = round % 5
      if (op === 0 || op === 3) {
        const about = await (await admin('GET', '/api/admin/hakkimizda')).json()
        const title = `Tur ${round} hakkımızda ${Date.now()}`
        await servedByNode(await admin('PUT', '/api/admin/hakkimizda', { ...about, title2: title }), '/hakkimizda', title)
      } else if (op === 1) {
        // A new post: a page nginx's loaded maps do not know.
        const title = `Nginx turu ${round} yazısı`
        const res = await admin('POST', '/api/admin/blogs', postForm(title))
        expect(res.status).toBe(200)
        const post = ((await res.json()) as { data: { id: string; slug: string } }).data
        created.push(post.id)
        await servedByNode(res, `/blog/${post.slug}`, title)
      } else if (op === 2) {
        // The last new post gets a new address: the old one answers 301 from both.
        const id = created.at(-1)!
        const before = ((await (await admin('GET', `/api/admin/blogs/${id}`)).json()) as { data: { slug: string; title: string } }).data
        const slug = `nginx-yeni-adres-${round}`
        const res = await admin('PUT', `/api/admin/blogs/${id}`, postForm(before.title, slug))
        oldAddresses.push(`/blog/${before.slug}`, `/blog/${before.slug}/`, `/blog/${id}`)
        await servedByNode(res, `/blog/${slug}`, before.title)
        expect((await get(direct, `/blog/${before.slug}`)).status).toBe(301)
      } else {
        // What the shipped path unit does after a publish: nginx reads the new maps and serves the pages itself.
        await reloadNginx()
        const [a] = await Promise.all([get(proxied, '/hakkimizda')])
        // An answer nginx made from the file has its Last-Modified; Node's do not.
        if (a.headers['last-modified']) served++
      }
      await compareAll(round)
      if (round === 13 || round === 37) {
        const toggle = (enabled: boolean) => admin('POST', '/api/admin/maintenance', { enabled })
        expect((await toggle(true)).status).toBe(200)
        try {
          await compareAll(round, 503)
        } finally {
          expect((await toggle(false)).status).toBe(200)
        }
      }
    }
    // After reloads nginx served pages from the export itself, not only through Node.
    expect(served).toBeGreaterThan(0)
    // nginx's access log (the shipped log_format) never holds the preview's token.
    await get(proxied, '/onizleme/onizleme.css', { referer: `${proxied}${previewUrl}` })
    const accessLog = await readFile(join(nginxPrefix, 'access.log'), 'utf8')
    const token = previewUrl.split('/').pop()!
    expect(accessLog).toContain('/onizleme/***')
    expect(accessLog).not.toContain(token)
    // A CDN gets the same redirects from the export's _redirects.
    const redirects = await readFile(join(buildDir, 'live', '_redirects'), 'utf8')
    for (const old of oldAddresses) {
      const b = await get(direct, old)
      expect(b.status, old).toBe(301)
      expect(redirects.split('\n'), old).toContain(`${old} ${b.headers.location} 301`)
    }
  })
})
