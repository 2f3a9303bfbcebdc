import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '..')
export const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Starts the real server (node api/server.ts) on a temporary copy of content/ and waits until it answers. */
export async function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const root = await mkdtemp(join(tmpdir(), 'bench-'))
  await cp(join(repoRoot, 'content'), join(root, 'content'), { recursive: true })
  const env = {
    ...process.env,
    PORT: String(port),
    CONTENT_DIR: join(root, 'content'),
    DATA_DIR: join(root, 'data'),
    SITE_BUILD_DIR: join(root, 'build'),
    SITE_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  }
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'api', 'server.ts')], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited')
    const ok = await fetch(`${base}/api/admin/me`).then(() => true, () => false)
    if (ok) break
    await new Promise((r) => setTimeout(r, 250))
  }
  return { base, root, contentDir: join(root, 'content'), stop: () => child.kill('SIGTERM') }
}

/** Logs in and returns the session cookie. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  if (!res.ok) throw new Error(`login ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}
