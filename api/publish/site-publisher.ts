import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Env } from '../lib/env.ts'
import { ensureCodeBuilt, latestCodeBuild, type CodeBuild } from './code-build.ts'
import { movedAddressList } from './moved-addresses.ts'
import {
  isHostFile,
  listExportFiles,
  readPublishState,
  recordManifest,
  writePublishState,
  type Manifest,
  type PageRecord,
} from './export-folder.ts'
import type { ExportFs } from './export-fs.ts'
import { createExportTrees, type Draft, type TreeContributor } from './export-trees.ts'
import { createHotFiles } from './hot-files.ts'
import { createStaticHost } from './static-host.ts'
import { log } from '../lib/log.ts'
import { metrics } from '../lib/metrics.ts'
import { mimeType, withCharset } from './mime.ts'
import { renderAllInChild, snapshotContent } from './full-render.ts'
import { etagOf, mediaKeysOf, pageMediaKey, renderSitePage, type RenderedPage } from './page-render.ts'
import { createPublishQueue } from './publish-queue.ts'
import { loadSiteBundle, pageFile, type RenderScope, type SiteBundle, type SitePage } from './site-bundle.ts'
import { lookupPath, type CachedFile, type StaticCache } from './static-cache.ts'
import { redirectTarget } from './public-paths.ts'

/**
 * What a live publish tells its listeners (the SEO advice, issue 32): the pages it rendered, the pages it removed,
 * whether it rendered the whole site; `read` gives a live page's HTML, `exists` whether an address answers.
 */
export type PublishedPages = {
  rendered: string[]
  removed: string[]
  full: boolean
  /** Every page of the live site (a listener that has seen nothing yet checks them once). */
  all: () => string[]
  read: (path: string) => Promise<string>
  exists: (path: string) => boolean
}

/**
 * More changed pages than this, and more than half the site (contact settings, a new code build), render into a
 * fresh folder, not in memory. A post appearing at 10,000 posts changes every list page (~850): still in memory.
 */
const FULL_PUBLISH_PAGES = 300
const isFullPublish = (changed: number, total: number) => changed > FULL_PUBLISH_PAGES && changed > total / 2
/** A scheduled change is rendered this long before its time at least, then goes live on the time (never before). */
const MIN_STAGING_MS = 1000
const MAX_STAGING_MS = 5 * 60_000
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
  /** Other modules' files in every publish's tree, written before the switch (export-trees.ts). */
  contributors?: TreeContributor[]
  /** How long a tree stays readable after it stopped being live (default 10 s), and how many are kept (3). */
  graceMs?: number
  maxTrees?: number
  /** The export's file operations (tests inject a full disk). */
  fs?: ExportFs
  /** Time limits: `astro build` of new code and a full render's child process (killed after; the publish fails). */
  codeBuildTimeoutMs?: number
  /** Where a code build goes when the checkout is read-only (code-build.ts); unset: the checkout only. */
  codeCacheDir?: string
  childRenderTimeoutMs?: number
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
  /** The media library as the live pages were checked against it (null: not yet, as after a restart). */
  let mediaSeen: string | null = null

  const contributors = [...(o.contributors ?? [])]
  const listeners: ((p: PublishedPages) => void)[] = []
  /** Tells the listeners after a publish went live; they do their work later, never on the publish's path. */
  function announce(rendered: string[], removed: string[], full: boolean, bodies?: Map<string, Uint8Array>) {
    if (listeners.length === 0) return
    const [liveIndex, liveDir, liveRecords] = [index, dir!, records]
    const published: PublishedPages = {
      rendered,
      removed,
      full,
      all: () => [...liveRecords.keys()],
      read: async (path) => {
        const body = bodies?.get(path)
        return body ? Buffer.from(body).toString('utf8') : readFile(join(liveDir, pageFile(path)), 'utf8')
      },
      exists: (path) => lookupPath(liveIndex, path) !== null || redirectTarget(path) !== null,
    }
    for (const l of listeners) l(published)
  }
  const trees = createExportTrees(o.buildRoot, { graceMs: o.graceMs, maxTrees: o.maxTrees, fs: o.fs })

  const render = (b: SiteBundle, page: SitePage, scope: RenderScope) => {
    metrics.pagesRendered.inc()
    return renderSitePage(b, page, scope, o.siteUrl)
  }

  function pageEntry(folder: string, path: string, r: PageRecord, body?: Uint8Array): CachedFile {
    // withCharset: records written before decision 060 say bare 'text/html'.
    const file: CachedFile = { type: withCharset(r.type), etag: r.etag, size: r.size, sourcePath: join(folder, pageFile(path)) }
    if (r.status) file.status = r.status
    if (body) file.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    return file
  }

  /**
   * The index of an export folder: its client files (read lazily; `files` when known, else every file but the
   * host's) and the rendered pages. Files other modules add to a tree are for the host, never in the index.
   */
  async function indexFolder(folder: string, pages: Map<string, PageRecord>, files?: string[]): Promise<StaticCache> {
    const next: StaticCache = new Map()
    const pageKeys = new Set([...pages.keys()].map(urlKey))
    for (const url of files ?? (await listExportFiles(folder))) {
      if (pageKeys.has(url) || isHostFile(url)) continue
      const path = join(folder, url)
      const { size } = await stat(path)
      const type = mimeType(path)
      if (size > LARGE_FILE_BYTES) next.set(url, { type, size, diskPath: path, etag: `W/"${size.toString(16)}"` })
      else next.set(url, { type, size, sourcePath: path, etag: etagOf(await readFile(path)) })
    }
    for (const [path, r] of pages) next.set(urlKey(path), pageEntry(folder, path, r))
    return next
  }

  /** Renders every page into the tree, in this process: the pages' records. */
  async function renderAllHere(b: SiteBundle, pages: SitePage[], scope: RenderScope, tree: Draft) {
    const next = new Map<string, PageRecord>()
    for (const page of pages) {
      const r = await render(b, page, scope)
      await tree.write(urlKey(page.path), r.body)
      next.set(page.path, r.record)
    }
    return next
  }

  /** The same in a child process, from a snapshot of the content in memory (or the content folder). */
  async function renderAllInChildProcess(b: SiteBundle, pages: SitePage[], folder: string, seq: number, at?: number) {
    const workDir = join(o.buildRoot, `.render-${process.pid}-${seq}`)
    const contentDir = o.read ? join(workDir, 'content') : o.contentDir
    if (o.read) await snapshotContent(o.read, contentDir)
    metrics.pagesRendered.inc(pages.length)
    const job = { codeDir: b.dir, stamp: b.stamp, folder, siteUrl: o.siteUrl, contentDir, pages, now: at }
    return renderAllInChild(job, workDir, o.childRenderTimeoutMs)
  }

  /**
   * Other modules' files, then the manifest and the switch: the tree goes live whole, or (a throw) not at all. A
   * tree rendered ahead for a scheduled time (`at` in the future) waits for it; a save meanwhile (or a stop) drops
   * it: null, nothing changed, and the save's publish runs at once.
   */
  async function goLive(tree: Draft, seq: number, at: number): Promise<Manifest | null> {
    for (const c of contributors) await c.contribute(tree)
    preparedAt = now().getTime()
    while (now().getTime() < at) {
      if (queue.hasPendingSave() || stopped) return null
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, at - now().getTime())))
    }
    const manifest = { publish: seq, at: now().toISOString(), full: tree.full, changed: tree.changed, removed: tree.removed }
    await trees.commit(tree, manifest)
    return manifest
  }

  /** After the switch: the history of manifests and the pages' keys (a failure here only costs a restart's work). */
  async function recordPublish(manifest: Manifest, tree: string) {
    try {
      const pageUrls = new Set([...records.keys()].map(urlKey))
      await recordManifest(o.buildRoot, { ...manifest, tree: basename(tree) })
      const pages = Object.fromEntries(records)
      const files = [...index.keys()].filter((url) => !pageUrls.has(url))
      await writePublishState(o.buildRoot, { code: bundle!.stamp, tree: basename(tree), pages, files })
      for (const c of contributors) await c.committed?.()
    } catch (err) {
      log.error(`Yayın durumu kaydedilemedi: ${err instanceof Error ? err.message : err}`)
    }
  }

  /** Renders every page into a fresh tree and makes it live (first start, new code, many changes). */
  async function publishAll(b: SiteBundle, pages: SitePage[], scope: RenderScope, seq: number): Promise<boolean> {
    const tree = await trees.begin(seq, { full: true, clientDir: b.clientDir })
    let manifest: Manifest
    let next: Map<string, PageRecord>
    let nextIndex: StaticCache
    try {
      next =
        pages.length > (o.childRenderAbove ?? CHILD_RENDER_PAGES)
          ? await renderAllInChildProcess(b, pages, tree.dir, seq, scope.now)
          : await renderAllHere(b, pages, scope, tree)
      // Indexed before other modules add their files: those are for the host, not pages of the site.
      nextIndex = await indexFolder(tree.dir, next)
      const live = await goLive(tree, seq, scope.now ?? 0)
      if (!live) {
        await trees.abort(tree)
        return false
      }
      manifest = live
    } catch (err) {
      await trees.abort(tree)
      throw err
    }
    ;[bundle, dir, records, index] = [b, tree.dir, next, nextIndex]
    await recordPublish(manifest, tree.dir)
    announce(pages.map((p) => p.path), [], true)
    return true
  }

  /**
   * Renders the changed pages in memory (a failure writes nothing), writes them into a tree holding the live
   * publish, switches to it and swaps the new pages into the live index.
   */
  async function publishChanges(b: SiteBundle, changed: SitePage[], removed: string[], scope: RenderScope, seq: number): Promise<boolean> {
    const rendered = []
    for (const page of changed) rendered.push(await render(b, page, scope))
    const tree = await trees.begin(seq, { full: false })
    let manifest: Manifest
    try {
      for (const r of rendered) await tree.write(urlKey(r.path), r.body)
      for (const path of removed) await tree.remove(urlKey(path))
      tree.changed = rendered.map((r) => urlKey(r.path))
      tree.removed = removed.map(urlKey)
      const live = await goLive(tree, seq, scope.now ?? 0)
      if (!live) {
        await trees.abort(tree)
        return false
      }
      manifest = live
    } catch (err) {
      await trees.abort(tree)
      throw err
    }
    const nextIndex = new Map(index)
    const nextRecords = new Map(records)
    for (const r of rendered) {
      nextRecords.set(r.path, r.record)
      nextIndex.set(urlKey(r.path), pageEntry(tree.dir, r.path, r.record, r.body))
    }
    for (const path of removed) {
      nextRecords.delete(path)
      nextIndex.delete(urlKey(path))
    }
    // Unchanged files are the same files (hard links) in the new tree: cold reads go there from now on, and the
    // old tree may be reused once its grace ends.
    for (const [url, file] of nextIndex) {
      if (file.sourcePath) file.sourcePath = tree.dir + url
      if (file.diskPath) file.diskPath = tree.dir + url
    }
    ;[records, index, dir] = [nextRecords, nextIndex, tree.dir]
    await recordPublish(manifest, tree.dir)
    announce(rendered.map((r) => r.path), removed, false, new Map(rendered.map((r) => [r.path, r.body])))
    return true
  }

  // A save does not wait for a walk of the site's sources: the code is checked in the background (code-build.ts).
  const currentCode =
    o.code ??
    latestCodeBuild(
      () => ensureCodeBuilt(o.repoRoot, o.siteUrl, { timeoutMs: o.codeBuildTimeoutMs, cacheDir: o.codeCacheDir }),
      () => void queue.request(),
    )

  // Scheduled items (issue 21): what is live is a function of the clock, so each publish renders one moment and
  // arms one timer for the next time an item appears or disappears; every save publishes and so re-arms it, and
  // the publish at start catches up on times missed while the server was down.
  let dueTimer: NodeJS.Timeout | undefined
  let previewVersion = 0
  let stopped = false
  /** The scheduled time the next publish renders for, set when its timer fires ahead of it. */
  let stagedFor: number | null = null
  /** What rendering a page has cost lately (render and preparation of the tree, per changed page). */
  let msPerPage = 10
  let preparedAt = 0
  /**
   * Arms the timer for the next scheduled change: it fires ahead of the time by twice what rendering the pages that
   * change then is expected to cost, so the publish is ready and goes live on the time (goLive waits for it), not
   * after it; a post appearing at 10,000 posts changes every list page.
   */
  function armFor(due: number | null, pagesThen: number) {
    clearTimeout(dueTimer)
    dueTimer = undefined
    if (due === null || stopped) return
    const lead = Math.min(Math.max(2 * msPerPage * pagesThen + 500, MIN_STAGING_MS), MAX_STAGING_MS)
    // setTimeout takes at most 2^31-1 ms (about 24 days): a later time is re-armed when this one fires.
    const wait = Math.min(Math.max(due - lead - now().getTime(), 0), 2 ** 31 - 1)
    dueTimer = setTimeout(() => {
      stagedFor = due
      void queue.request(undefined, { scheduled: true })
    }, wait)
    dueTimer.unref()
  }

  async function publishOnce(seq: number, progress: (pages: string[]) => void): Promise<string[]> {
    const code = await currentCode()
    const fresh = !bundle || bundle.stamp !== code.stamp || !dir
    const b = fresh ? await loadSiteBundle(code.dir, code.stamp) : bundle!
    const started = now().getTime()
    const at = stagedFor !== null && stagedFor > started ? stagedFor : started
    stagedFor = null
    const scope: RenderScope = { contentDir: o.contentDir, version: ++version, read: o.read, now: at }
    const pages = b.listPages(scope)
    const wanted = new Set(pages.map((p) => p.path))
    // A media record edited since (alt text) re-renders the pages that showed it; unchanged library: no check.
    const media = mediaKeysOf(b, scope)
    const mediaChanged = media.all !== mediaSeen
    const stale = (r: PageRecord | undefined, key: string) =>
      r?.key !== key || (mediaChanged && r.media !== undefined && pageMediaKey(r.media, media) !== r.mediaKey)
    const changed = fresh ? pages : pages.filter((p) => stale(records.get(p.path), p.key))
    const removed = [...records.keys()].filter((p) => !wanted.has(p))
    const full = fresh || isFullPublish(changed.length, pages.length)
    const due = b.nextChange?.(scope) ?? null
    // The pages that change at the next scheduled time, against what this publish makes live.
    const keys = new Map(pages.map((p) => [p.path, p.key]))
    const pagesThen =
      due === null ? 0 : b.listPages({ ...scope, version: ++version, now: due }).filter((p) => keys.get(p.path) !== p.key).length
    armFor(due, pagesThen)
    let live: boolean
    if (full) {
      progress(['*'])
      live = await publishAll(b, pages, scope, seq)
    } else {
      progress(changed.map((p) => p.path))
      live =
        changed.length || removed.length || contributors.some((c) => c.pending?.())
          ? await publishChanges(b, changed, removed, scope, seq)
          : true
    }
    if (!live) return []
    if (changed.length && !full) msPerPage = Math.max(1, (preparedAt - started) / changed.length)
    mediaSeen = media.all
    return full ? ['*'] : [...changed.map((p) => p.path), ...removed]
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
      const liveDir = await trees.adopt()
      if (state && liveDir && state.code === code.stamp && state.tree === basename(liveDir)) {
        bundle = await loadSiteBundle(code.dir, code.stamp)
        records = new Map(Object.entries(state.pages))
        index = await indexFolder(liveDir, records, state.files)
        dir = liveDir
      }
      await queue.publishNow()
      if (!bundle) throw new Error(queue.status().lastError ?? 'Site yayımlanamadı')
    },
    /** Calls `listener` after every publish that went live (issue 32: the SEO advice of the rendered pages). */
    onPublished(listener: (p: PublishedPages) => void): void {
      listeners.push(listener)
    },
    /** Adds another module's files to every publish from the next one on (export-trees.ts). */
    contribute(c: TreeContributor): void {
      contributors.push(c)
    },
    /** The export's trees (tests). */
    trees,
    /**
     * Renders one page as a publish would, from the content `read` gives (a preview's unsaved values over the
     * content in memory), with the live code bundle; nothing is written or swapped in (api/preview).
     */
    async preview(path: string, read: (name: string) => unknown): Promise<RenderedPage> {
      if (!bundle) throw new Error('Site henüz yayımlanmadı')
      // Its own (negative) version: the renderer's per-version caches never mix a preview with a publish.
      const scope: RenderScope = { contentDir: o.contentDir, version: -++previewVersion, read, now: now().getTime() }
      return renderSitePage(bundle, { path, key: '' }, scope, o.siteUrl)
    },
    /** Stops the publishes, the timer of scheduled items and the export's trees. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(dueTimer)
      await queue.stop()
      await trees.stop()
    },
  }
}
export type SitePublisher = ReturnType<typeof createSitePublisher>

/** The publisher for this checkout and environment: the server's, and `npm run build`'s. */
export function sitePublisherFor(env: Env, repoRoot: string, read?: (name: string) => unknown): SitePublisher {
  // The export carries what a static host needs (static-host.ts); the map URL from memory, or the file.
  const mapUrl = () => {
    const settings = read?.('contact-settings') ?? readJsonFile(join(env.contentDir, 'contact-settings.json'))
    return (settings as { mapUrl?: string } | null)?.mapUrl
  }
  const content = (name: string) => read?.(name) ?? readJsonFile(join(env.contentDir, `${name}.json`))
  const host = createStaticHost({
    mapUrl,
    https: new URL(env.SITE_URL).protocol === 'https:',
    moved: () => movedAddressList(content, Date.now()),
    nginxMapsFile: join(env.siteBuildDir, 'nginx-maps.conf'),
  })
  return createSitePublisher({
    repoRoot,
    contentDir: env.contentDir,
    buildRoot: env.siteBuildDir,
    siteUrl: env.SITE_URL,
    read,
    contributors: [host],
    codeBuildTimeoutMs: env.PUBLISH_TIME_LIMIT_SECONDS * 1000,
    codeCacheDir: env.codeCacheDir,
    childRenderTimeoutMs: env.PUBLISH_TIME_LIMIT_SECONDS * 1000,
  })
}

function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}
