import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, lstat, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

/**
 * deploy/install.sh as an operator runs it (as root), twice, into a throw-away root (NETIZ_ROOT): the second run
 * changes nothing, and what it leaves is accepted by `nginx -t` (before any publish) and `systemd-analyze verify`.
 * The throw-away root starts with this machine's nginx configuration (Debian's nginx.conf, paths moved in).
 */
const run = promisify(execFile)
const NGINX = '/usr/sbin/nginx'
const ANALYZE = '/usr/bin/systemd-analyze'
const canRun = process.getuid?.() === 0 && existsSync(NGINX) && existsSync(ANALYZE) && existsSync('/etc/nginx/nginx.conf')
if (!canRun) console.warn('deploy/install.sh testi root, nginx ve systemd-analyze ister (.ci/run kurar), atlanıyor.')

const repo = join(import.meta.dirname, '..')
// A SITE_URL other tests built the code for already (the install builds it otherwise: about a minute).
const SITE_URL = 'http://localhost:4399'
let root = ''
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

const PATH = `/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`
async function install(): Promise<string> {
  const { stdout } = await run('/bin/sh', [join(repo, 'deploy', 'install.sh')], {
    env: { ...process.env, PATH, NETIZ_ROOT: root, NETIZ_SITE_URL: SITE_URL },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout: string; stderr: string; code: number }) => {
    throw new Error(`install.sh exited ${err.code}:\n${err.stdout}\n${err.stderr}`)
  })
  return stdout
}

/** Every path under the root with its owner, mode and (files) bytes: what a second run must leave unchanged. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(e.parentPath, e.name)
    const info = await lstat(path)
    const what = e.isSymbolicLink() ? `-> ${await readlink(path)}` : e.isFile() ? (await readFile(path)).toString('base64') : 'dir'
    out[relative(root, path)] = `${info.uid}:${info.gid} ${(info.mode & 0o7777).toString(8)} ${what}`
  }
  return out
}

const mode = async (path: string) => ((await stat(path)).mode & 0o7777).toString(8)

it.skipIf(!canRun)('install.sh twice in a clean root: users, folders, units and the nginx site that nginx -t and systemd-analyze accept', { timeout: 900_000 }, async () => {
  root = await mkdtemp(join(tmpdir(), 'install-sh-'))
  // Debian's nginx configuration, moved into the root as an operator's /etc/nginx is.
  await cp('/etc/nginx', join(root, 'etc', 'nginx'), { recursive: true, verbatimSymlinks: true })
  const main = (await readFile('/etc/nginx/nginx.conf', 'utf8'))
    .replaceAll('/etc/nginx', join(root, 'etc', 'nginx'))
    .replace('/run/nginx.pid', join(root, 'nginx.pid'))
    .replaceAll('/var/log/nginx', root)
  await writeFile(join(root, 'etc', 'nginx', 'nginx.conf'), main)
  // Not ours: the default site of the package (its paths are the machine's).
  await rm(join(root, 'etc', 'nginx', 'sites-enabled', 'default'), { force: true })

  const first = await install()
  expect(first).toContain('Kurulum tamam')
  const after1 = await snapshot()
  const second = await install()
  expect(second).toContain('Kurulum tamam')
  // Idempotent: nothing changed (the session secret, the SSH key, owners and modes included).
  expect(await snapshot()).toEqual(after1)

  // The service user and group, in the root's user database.
  const passwd = await readFile(join(root, 'etc', 'passwd'), 'utf8')
  const user = passwd.split('\n').find((l) => l.startsWith('netiz:'))!.split(':')
  expect(user[5]).toBe('/srv/netiz/ev')
  expect(user[6]).toBe('/usr/sbin/nologin')
  const uid = Number(user[2])
  const srv = join(root, 'srv', 'netiz')
  for (const [folder, m] of [['icerik', '750'], ['veri', '700'], ['yayin', '755'], ['ev', '700'], ['ev/.ssh', '700']] as const) {
    expect((await stat(join(srv, folder))).uid, folder).toBe(uid)
    expect(await mode(join(srv, folder)), folder).toBe(m)
  }
  expect((await stat(join(srv, 'ev', '.ssh', 'id_ed25519'))).uid).toBe(uid)
  expect(await mode(join(srv, 'ev', '.ssh', 'id_ed25519'))).toBe('600')
  // The demo content, posts a file each (decision 333).
  expect(await readdir(join(srv, 'icerik'))).toEqual(expect.arrayContaining(['blogs', 'home.json']))
  expect(await readdir(join(srv, 'icerik', 'blogs'))).toContain('_sira.json')

  // The env file: root's, 0600, a generated secret, the paths of the root.
  const envFile = join(root, 'etc', 'netiz-site', 'env')
  expect(await mode(envFile)).toBe('600')
  const env = Object.fromEntries(
    (await readFile(envFile, 'utf8'))
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  )
  expect(env.SESSION_SECRET!.length).toBeGreaterThanOrEqual(32)
  expect(env.SITE_URL).toBe(SITE_URL)
  expect(env.CONTENT_DIR).toBe(join(srv, 'icerik'))

  // The unit: its documentation exists, it runs the checkout, may write exactly the env file's folders.
  const unit = await readFile(join(root, 'etc', 'systemd', 'system', 'netiz-site.service'), 'utf8')
  const doc = /^Documentation=file:\/\/(.*)$/m.exec(unit)![1]!
  expect(existsSync(doc), doc).toBe(true)
  expect(unit).toContain(`WorkingDirectory=${repo}`)
  const writable = [...unit.matchAll(/^ReadWritePaths=(.*)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/))
  expect(writable.sort()).toEqual([env.CONTENT_DIR, env.DATA_DIR, env.SITE_BUILD_DIR].sort())
  // Every path of the unit is the install's (here under the throw-away root).
  expect(unit.replaceAll(join(root, 'srv', 'netiz'), '')).not.toContain('/srv/netiz')

  // nginx: the site enabled, and the whole configuration accepted before any publish.
  expect(await readlink(join(root, 'etc', 'nginx', 'sites-enabled', 'netiz-site.conf'))).toBe(
    join(root, 'etc', 'nginx', 'sites-available', 'netiz-site.conf'),
  )
  expect(existsSync(join(srv, 'yayin', 'live'))).toBe(false)
  await run(NGINX, ['-t', '-q', '-c', join(root, 'etc', 'nginx', 'nginx.conf')])
  const units = ['netiz-site.service', 'netiz-nginx-reload.service', 'netiz-nginx-reload.path'].map((u) => join(root, 'etc', 'systemd', 'system', u))
  const verified = await run(ANALYZE, ['verify', '--man=no', ...units]).then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
  )
  expect(verified.stderr.split('\n').filter((l) => l.includes('netiz-'))).toEqual([])
  expect(verified.code).toBe(0)

  // TLS: once the host's certificate exists, a run switches on the '#tls' lines, and nginx -t still passes.
  const live = join(root, 'etc', 'letsencrypt', 'live', 'localhost')
  await run('/bin/mkdir', ['-p', live])
  await run('/usr/bin/openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-keyout', join(live, 'privkey.pem'), '-out', join(live, 'fullchain.pem')])
  await install()
  const site = await readFile(join(root, 'etc', 'nginx', 'sites-available', 'netiz-site.conf'), 'utf8')
  expect(site).toMatch(/^\s*listen 443 ssl http2;$/m)
  expect(site).toContain(`ssl_certificate     ${live}/fullchain.pem;`)
  expect(site).not.toMatch(/^\s*#tls /m)
  await run(NGINX, ['-t', '-q', '-c', join(root, 'etc', 'nginx', 'nginx.conf')])
})
