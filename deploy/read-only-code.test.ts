import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, realpath, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'

/**
 * The systemd unit's file system as the server sees it (ProtectSystem=strict): the code folder mounted read-only
 * (a read-only bind mount in a mount namespace of its own, as root), UMask=0027, and a SITE_URL no build was made
 * for. The server must build what it needs outside the code folder (decision 291), start and serve.
 */
const UNSHARE = '/usr/bin/unshare'
const canMount = process.getuid?.() === 0 && existsSync(UNSHARE)
if (!canMount) console.warn('deploy: salt okunur kod klasörü testi root ve unshare ister, atlanıyor.')

const repo = join(import.meta.dirname, '..')
let root = ''
let server: ChildProcess | null = null

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  if (root) await rm(root, { recursive: true, force: true })
})

it.skipIf(!canMount)('the server starts from a read-only code folder with a SITE_URL it was never built for, and serves the site and the admin', { timeout: 900_000 }, async () => {
  root = await mkdtemp(join(tmpdir(), 'read-only-code-'))
  await cp(join(repo, 'content'), join(root, 'content'), { recursive: true })
  const code = await realpath(repo)
  const port = await freePort()
  // A name no other run used: its code build exists nowhere yet.
  const siteUrl = `http://salt-okunur-${process.pid}-${Date.now()}.ornek.com.tr`
  const script = [
    `mount --bind '${code}' '${code}'`,
    `mount -o remount,bind,ro '${code}' '${code}'`,
    // Proof that the mount took: a write into the code folder fails.
    `if touch '${code}/.yazilabilir-mi' 2>/dev/null; then echo 'kod klasoru yazilabilir' >&2; exit 97; fi`,
    'umask 0027',
    `exec '${process.execPath}' ${SERVER_NODE_FLAGS.join(' ')} '${join(code, 'api', 'server.ts')}'`,
  ].join(' && ')
  server = spawn(UNSHARE, ['--mount', '--propagation', 'private', 'sh', '-c', script], {
    cwd: code,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: siteUrl,
      CONTENT_DIR: join(root, 'content'),
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: join(root, 'build'),
      ADMIN_EMAIL: 'admin@ornek.com',
      ADMIN_PASSWORD: 'Yonetici-Sifre-1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)))
  server.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)))
  const base = `http://127.0.0.1:${port}`
  // Up when /readyz answers 200 (the first publish is live); an exit is a failure with the server's output.
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`)
    if (/EROFS|read-only file system/i.test(output)) throw new Error(`the server wrote into the code folder:\n${output}`)
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false)
    if (ready) break
    await new Promise((r) => setTimeout(r, 500))
  }
  expect(output).not.toMatch(/EROFS|read-only file system/i)
  const home = await fetch(`${base}/`)
  expect(home.status).toBe(200)
  expect(await home.text()).toContain(siteUrl)
  expect((await fetch(`${base}/admin/`)).status).toBe(200)
  // The server's own code build went under SITE_BUILD_DIR (the unit may write there), none into the code folder.
  expect((await readdir(join(root, 'build', '.code', 'site-code'))).some((n) => /^[0-9a-f]{24}$/.test(n))).toBe(true)
})
