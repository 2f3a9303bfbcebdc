import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const repo = join(import.meta.dirname, '..', '..')
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze'
const unitText = () => readFile(join(import.meta.dirname, 'netiz-site.service'), 'utf8')
/** Every value of a directive in the unit. */
const values = (unit: string, key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim())

it('the unit is hardened, restarts on failure and may write exactly the folders of its environment file', async () => {
  const unit = await unitText()
  const env = Object.fromEntries(
    (await readFile(join(import.meta.dirname, 'netiz-site.env'), 'utf8'))
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  )
  for (const [key, value] of [
    ['ProtectSystem', 'strict'],
    ['NoNewPrivileges', 'yes'],
    ['PrivateTmp', 'yes'],
    ['ProtectHome', 'yes'],
    ['Restart', 'on-failure'],
    ['KillSignal', 'SIGTERM'],
    ['EnvironmentFile', '/etc/netiz-site/env'],
  ])
    expect(values(unit, key!), key).toEqual([value])
  const writable = values(unit, 'ReadWritePaths').flatMap((v) => v.split(/\s+/))
  for (const name of ['DATA_DIR', 'CONTENT_DIR', 'SITE_BUILD_DIR']) expect(writable, name).toContain(env[name])
  expect(values(unit, 'ExecStart')[0]).toContain('api/server.ts')
})

it.skipIf(!existsSync(SYSTEMD_ANALYZE))('systemd-analyze verify finds nothing to say about the units', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'systemd-unit-'))
  try {
    // The checkout's own paths, so ExecStart names a real executable.
    const unit = (await unitText())
      .replaceAll('/srv/netiz/app', repo)
      .replace('/etc/netiz-site/env', join(import.meta.dirname, 'netiz-site.env'))
    const file = join(dir, 'netiz-site.service')
    await writeFile(file, unit)
    // The reload pair for nginx (netiz-nginx-reload.path starts the .service after each publish).
    const reload = ['netiz-nginx-reload.path', 'netiz-nginx-reload.service'].map((name) => join(dir, name))
    for (const target of reload) await writeFile(target, await readFile(join(import.meta.dirname, target.split('/').pop()!), 'utf8'))
    const result = await run(SYSTEMD_ANALYZE, ['verify', '--man=no', file, ...reload]).then(
      (r) => ({ code: 0, stderr: r.stderr }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    )
    // Warnings (an unknown key, a bad value) leave the exit code 0: they must be absent too.
    const aboutUnit = result.stderr.split('\n').filter((l) => l.includes('netiz-'))
    expect(aboutUnit).toEqual([])
    expect(result.code).toBe(0)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
