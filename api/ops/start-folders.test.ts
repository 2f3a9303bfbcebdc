import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'

/** The real server (api/server.ts) started with folder typos: it stops with a message, and makes nothing. */
const server = join(import.meta.dirname, '..', 'server.ts')
let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'start-folders-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [server], {
      env: { ...process.env, PORT: String(40_000 + Math.floor(Math.random() * 20_000)), HOST: '127.0.0.1', SITE_BUILD_DIR: join(root, 'build'), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    // A start that goes on past the check would listen: ended here, and the test fails on its exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

it('a CONTENT_DIR that does not exist stops the start, naming it; nothing is created', { timeout: 90_000 }, async () => {
  const typo = join(root, 'icerk')
  const { code, output } = await start({ CONTENT_DIR: typo, DATA_DIR: join(root, 'data') })
  expect(code).toBe(1)
  expect(output).toContain('CONTENT_DIR klasörü yok')
  expect(await readdir(root)).not.toContain('icerk')
  expect(await readdir(root)).not.toContain('data')
})

it('a DATA_DIR whose parent folder does not exist stops the start, naming it', { timeout: 90_000 }, async () => {
  await mkdir(join(root, 'content'))
  const { code, output } = await start({ CONTENT_DIR: join(root, 'content'), DATA_DIR: join(root, 'yok', 'data') })
  expect(code).toBe(1)
  expect(output).toContain('DATA_DIR oluşturulamadı')
  expect(await readdir(root)).not.toContain('yok')
})
