import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { createApp, type AppOptions } from '../app.ts'
import { ensureCodeBuilt, type CodeBuild } from '../publish/code-build.ts'
import { createServerApp } from '../publish/server-app.ts'
import { createSitePublisher, type SitePublisher } from '../publish/site-publisher.ts'
import { createSiteRoutes } from '../publish/site-routes.ts'
import { copyContent, withTestLayout } from './content-files.ts'

const repoRoot = join(import.meta.dirname, '..', '..')
export const TEST_SITE_URL = 'http://localhost:4399'

/**
 * The whole server in-process for tests (no socket): the API, the site publisher on the real render bundle and
 * the site routes, wired as server.ts wires them, on a copy of content/ in a temp folder. `restart()` stops it
 * and opens a new one on the same folders (as a stopped and started server); `cleanup()` removes the folders.
 */
export async function createTestSite(options: Partial<AppOptions> = {}) {
  const code: CodeBuild = await ensureCodeBuilt(repoRoot, TEST_SITE_URL)
  const root = await mkdtemp(join(tmpdir(), 'site-test-'))
  const contentDir = join(root, 'content')
  const dataDir = join(root, 'data')
  await copyContent(join(repoRoot, 'content'), contentDir, { folders: withTestLayout(options.contentVersioning).folders === true })
  type Open = { app: Hono; api: Awaited<ReturnType<typeof createApp>>; publisher: SitePublisher }
  async function open(extra: Partial<AppOptions>): Promise<Open> {
    let read: ((name: string) => unknown) | undefined
    const publisher = createSitePublisher({
      repoRoot,
      contentDir,
      buildRoot: join(root, 'build'),
      siteUrl: TEST_SITE_URL,
      code: async () => code,
      read: (name) => read?.(name),
      now: extra.now,
    })
    const api = await createApp({
      contentDir,
      dataDir,
      sessionSecret: 'test-secret-test-secret-test-secret-0123',
      // As the server: every save publishes, a media record's too (its alt text shows on pages, decision 036).
      onContentChange: () => publisher.request(),
      buildStatus: publisher.status,
      preview: { render: publisher.preview, shareMs: 7 * 86_400_000 },
      ...extra,
      contentVersioning: withTestLayout(extra.contentVersioning),
    })
    read = (name) => (api.deps.content.read as (n: string) => unknown)(name)
    publisher.onPublished(api.deps.seo.record)
    await publisher.ensureLive()
    const app = createServerApp(
      api.app,
      createSiteRoutes({ deps: api.deps, site: publisher.site, admin: () => new Map(), hot: publisher.hot }),
    )
    return { app, api, publisher }
  }
  let current = await open(options)
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await current.publisher.stop()
    await current.api.deps.data.close()
  }
  return {
    get app() {
      return current.app
    },
    get deps() {
      return current.api.deps
    },
    get publisher() {
      return current.publisher
    },
    contentDir,
    /** SITE_BUILD_DIR: the export folder is buildRoot/live. */
    buildRoot: join(root, 'build'),
    /** A GET (or any request) against the whole server; the body as text. */
    async fetch(path: string, init?: RequestInit) {
      const res = await current.app.request(path, init)
      return { res, status: res.status, text: await res.text() }
    },
    /** Saves go live through the publish queue: waits until it is idle. */
    settled: () => current.publisher.idle(),
    async restart(extra: Partial<AppOptions> = options) {
      await close()
      current = await open(extra)
      closed = false
    },
    /** Stops without starting again (a server that is down). */
    stop: close,
    async cleanup() {
      await close().catch(() => {})
      await rm(root, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}
export type TestSite = Awaited<ReturnType<typeof createTestSite>>
