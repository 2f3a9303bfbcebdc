import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'playwright/test'
import { ADMIN } from './helpers.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'
import { copyContent, readCollection, writeCollection } from '../api/testing/content-files.ts'

/**
 * The real server on its own port and a copy of the demo content, edited first: tests that need content the shared
 * server must not show (other tests count its cards and posts) run here. `files` are the content collections `edit`
 * gets (read and written in the layout the copy is in: posts and projects one file each with CONTENT_FOLDERS=on,
 * which the server inherits).
 * The port is one the system has just handed out: fixed offsets collided when two workers started isolated servers
 * at once, and a test then talked to the other test's server.
 */
export async function startIsolatedServer(
  edit: (content: Record<string, unknown>) => void,
  { files = ['references'] }: { files?: string[] } = {},
) {
  const port = await freePort()
  const root = await mkdtemp(join(tmpdir(), 'isolated-server-'))
  const contentDir = join(root, 'content')
  await copyContent(join(import.meta.dirname, '..', 'content'), contentDir)
  const content: Record<string, unknown> = {}
  for (const name of files) content[name] = readCollection(contentDir, name)
  edit(content)
  for (const name of files) await writeCollection(contentDir, name, content[name])
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(import.meta.dirname, '..', 'api', 'server.ts')], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: contentDir,
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: join(root, 'build'),
      SITE_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: 'ignore',
  })
  let exitCode: number | null | undefined
  child.once('exit', (code) => (exitCode = code))
  const url = `http://localhost:${port}`
  await expect
    .poll(
      async () => {
        if (exitCode !== undefined) throw new Error(`isolated server on port ${port} exited (${exitCode})`)
        return (await fetch(`${url}/referanslarimiz`).catch(() => null))?.status ?? 0
      },
      { timeout: 120_000 },
    )
    .toBe(200)
  return {
    url,
    contentDir,
    async stop() {
      if (exitCode === undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** A port nobody listens on now: the system picks it, so two isolated servers never get the same one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
