import { readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Env } from '../lib/env.ts'
import { ensureCodeBuilt, latestCodeBuild, type CodeBuild } from './code-build.ts'
import {
  freshExportFolder,
  listExportFiles,
  readPublishState,
  switchLive,
  writeFileAtomic,
  writeManifest,
  writePublishState,
  type PageRecord,
} from './export-folder.ts'
import { createHotFiles } from './hot-files.ts'
import { mimeType, withCharset } from './mime.ts'
import { renderAllInChild, snapshotContent } from './full-render.ts'
import { etagOf, renderSitePage } from './page-render.ts'
import { createPublishQueue } from './publish-queue.ts'
import { loadSiteBundle, pageFile, type RenderScope, type SiteBundle, type SitePage } from './site-bundle.ts'
import type { CachedFile, StaticCache } from './static-cache.ts'

/** More changed pages than this (contact settings, a new code build) render into a fresh folder, not in memory. */
const FULL_PUBLISH_PAGES = 300
/** A full publish of more pages than this renders in a child process (full-render.ts), not in the server's. */
const CHILD_RENDER_PAGES = 1000
const LARGE_FILE_BYTES = 2 * 1024 * 1024

export type SitePublisherOptions = {
  repoRoot: string
  contentDir: string
  /** SITE_BUILD_DIR: the export folder (see export-folder.ts). */
  buildRoot: string
  siteUrl: string
  now?: () => Date
  debounceMs?: number
  /** Memory for hot pages and assets (bodies and their brotli and gzip forms). */
  hotBytes?: number
  /** The API's content in memory by collection name: renders skip reading and parsing the files. */
  read?: (name: string) => unknown
  /** Full publishes of more pages render in a child process (default 1,000; tests lower it). */
  childRenderAbove?: number
  /** The code build; `astro build` when site/, schema/ or public/ changed (tests may pass a fixed one). */
  code?: () => Promise<CodeBuild>
}

const urlKey = (path: string) => `/${pageFile(path)}`

/**
 * Publishes the site: builds the code once (code-build.ts), then on each save renders in this process only the
 * pages whose key changed, writes them into the export folder and swaps them into the live index at once. A
 * failing render changes nothing live and is reported through the status (publish-queue.ts).
 */
export function createSitePublisher(o: SitePublisherOptions) {
  const now = o.now ?? (() => new Date())
  const hot = createHotFiles(o.hotBytes ?? 32 * 1024 * 1024)
  let bundle: SiteBundle | null = null
  let dir: string | null = null
  let records = new Map<string, PageRecord>()
  let index: StaticCache = new Map()
  let version = 0

  const render = (b: SiteBundle, page: SitePage, scope: RenderScope) => renderSitePage(b, page, scope, o.siteUrl)

  function pageEntry(folder: string, path: string, r: PageRecord, body?: Uint8Array): CachedFile {
    // withCharset: records written before decision 060 say bare 'text/html'.
    const file: CachedFile = { type: withCharset(r.type), etag: r.etag, size: r.size, sourcePath: join(folder, pageFile(path)) }
    if (r.status) file.status = r.status
    if (body) file.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    return file
  }

  /** The index of an export folder: its client files (read lazily) and the rendered pages. */
  async function indexFolder(folder: string, pages: Map<string, PageRecord>): Promise<StaticCache> {
    const next: StaticCache = new Map()
    const pageKeys = new Set([...pages.keys()].map(urlKey))
    for (const url of await listExportFiles(folder)) {
      if (pageKeys.has(url)) continue
      const path = join(folder, url)
      const { size } = await stat(path)
      const type = mimeType(path)
      if (size > LARGE_FILE_BYTES) next.set(url, { type, size, diskPath: path, etag: `W/"${size.toString(16)}"` })
      else next.set(url, { type, size, sourcePath: path, etag: etagOf(await readFile(path)) })
    }
    for (const [path, r] of pages) next.set(urlKey(path), pageEntry(folder, path, r))
    return next
  }

  /** Renders every page into `folder`, in this process: the pages' records. */
  async function renderAllHere(b: SiteBundle, pages: SitePage[], scope: RenderScope, folder: string) {
    const next = new Map<string, PageRecord>()
    for (const page of pages) {
      const r = await render(b, page, scope)
      await writeFileAtomic(join(folder, pageFile(page.path)), r.body)
      next.set(page.path, r.record)
    }
    return next
  }

  /** The same in a child process, from a snapshot of the content in memory (or the content folder). */
  async function renderAllInChildProcess(b: SiteBundle, pages: SitePage[], folder: string, seq: number) {
    const workDir = join(o.buildRoot, `.render-${process.pid}-${seq}`)
    const contentDir = o.read ? join(workDir, 'content') : o.contentDir
    if (o.read) await snapshotContent(o.read, contentDir)
    return renderAllInChild({ codeDir: b.dir, stamp: b.stamp, folder, siteUrl: o.siteUrl, contentDir, pages }, workDir)
  }

  /** Renders every page into a fresh folder and makes it live (first start, new code, many changes). */
  async function publishAll(b: SiteBundle, pages: SitePage[], scope: RenderScope, seq: number) {
    const folder = await freshExportFolder(o.buildRoot, b.clientDir, now())
    try {
      const next =
        pages.length > (o.childRenderAbove ?? CHILD_RENDER_PAGES)
          ? await renderAllInChildProcess(b, pages, folder, seq)
          : await renderAllHere(b, pages, scope, folder)
      const nextIndex = await indexFolder(folder, next)
      ;[bundle, dir, records, index] = [b, folder, next, nextIndex]
    } catch (err) {
      await rm(folder, { recursive: true, force: true })
      throw err
    }
    await switchLive(o.buildRoot, folder)
    await writeManifest(o.buildRoot, { publish: seq, at: now().toISOString(), full: true, changed: ['*'], removed: [] })
  }

  /** Renders the changed pages in memory (a failure writes nothing), then writes them and swaps them in. */
  async function publishChanges(b: SiteBundle, changed: SitePage[], removed: string[], scope: RenderScope, seq: number) {
    const folder = dir!
    const rendered = []
    for (const page of changed) rendered.push(await render(b, page, scope))
    for (const r of rendered) await writeFileAtomic(join(folder, pageFile(r.path)), r.body)
    const nextIndex = new Map(index)
    const nextRecords = new Map(records)
    for (const r of rendered) {
      nextRecords.set(r.path, r.record)
      nextIndex.set(urlKey(r.path), pageEntry(folder, r.path, r.record, r.body))
    }
    for (const path of removed) {
      nextRecords.delete(path)
      nextIndex.delete(urlKey(path))
    }
    ;[records, index] = [nextRecords, nextIndex]
    for (const path of removed) await rm(join(folder, pageFile(path)), { force: true })
    const files = (paths: string[]) => paths.map((p) => urlKey(p))
    await writeManifest(o.buildRoot, {
      publish: seq,
      at: now().toISOString(),
      full: false,
      changed: files(rendered.map((r) => r.path)),
      removed: files(removed),
    })
  }

  // A save does not wait for a walk of the site's sources: the code is checked in the background (code-build.ts).
  const currentCode =
    o.code ?? latestCodeBuild(() => ensureCodeBuilt(o.repoRoot, o.siteUrl), () => void queue.request())

  async function publishOnce(seq: number, progress: (pages: string[]) => void): Promise<string[]> {
    const code = await currentCode()
    const fresh = !bundle || bundle.stamp !== code.stamp || !dir
    const b = fresh ? await loadSiteBundle(code.dir, code.stamp) : bundle!
    const scope: RenderScope = { contentDir: o.contentDir, version: ++version, read: o.read }
    const pages = b.listPages(scope)
    const wanted = new Set(pages.map((p) => p.path))
    const changed = fresh ? pages : pages.filter((p) => records.get(p.path)?.key !== p.key)
    const removed = [...records.keys()].filter((p) => !wanted.has(p))
    if (fresh || changed.length > FULL_PUBLISH_PAGES) {
      progress(['*'])
      await publishAll(b, pages, scope, seq)
    } else {
      progress(changed.map((p) => p.path))
      if (changed.length || removed.length) await publishChanges(b, changed, removed, scope, seq)
    }
    await writePublishState(o.buildRoot, { code: b.stamp, dir: dir!, pages: Object.fromEntries(records) })
    return fresh || changed.length > FULL_PUBLISH_PAGES ? ['*'] : [...changed.map((p) => p.path), ...removed]
  }

  const queue = createPublishQueue(publishOnce, { now, debounceMs: o.debounceMs })

  return {
    status: queue.status,
    /** Queues a publish after a content save; returns its number. */
    request: (): number => queue.request(),
    /** Publishes now and waits (tests, benches). */
    publishNow: queue.publishNow,
    /** Resolves once no publish is running or queued. */
    idle: queue.idle,
    /** The live index of the site (swapped whole by each publish). */
    site: (): StaticCache => index,
    hot,
    /**
     * At start-up: takes over the last export when its code is still current (a publish then renders only what
     * changed meanwhile), else renders everything. Throws when the site cannot be published at all.
     */
    async ensureLive(): Promise<void> {
      const state = await readPublishState(o.buildRoot)
      const code = await currentCode()
      if (state && state.code === code.stamp && (await stat(state.dir).catch(() => null))) {
        bundle = await loadSiteBundle(code.dir, code.stamp)
        records = new Map(Object.entries(state.pages))
        index = await indexFolder(state.dir, records)
        dir = state.dir
      }
      await queue.publishNow()
      if (!bundle) throw new Error(queue.status().lastError ?? 'Site yayımlanamadı')
    },
    stop: queue.stop,
  }
}
export type SitePublisher = ReturnType<typeof createSitePublisher>

/** The publisher for this checkout and environment: the server's, and `npm run build`'s. */
export function sitePublisherFor(env: Env, repoRoot: string, read?: (name: string) => unknown): SitePublisher {
  return createSitePublisher({ repoRoot, contentDir: env.contentDir, buildRoot: env.siteBuildDir, siteUrl: env.SITE_URL, read })
}
