import { readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { readCollectionSync } from '#schema/content-folder-read.ts'
import type { Env } from '../lib/env.ts'
import { ensureCodeBuilt, latestCodeBuild, type CodeBuild } from './code-build.ts'
import { movedAddressList } from './moved-addresses.ts'
import { isHostFile, listExportFiles, recordManifest, shareRecordValues, type Manifest, type PageRecord } from './export-folder.ts'
import { createPublishStateWriter, readPublishState } from './publish-state.ts'
import type { ExportFs } from './export-fs.ts'
import { createExportTrees, type Draft, type TreeContributor } from './export-trees.ts'
import { createHotFiles } from './hot-files.ts'
import { createStaticHost } from './static-host.ts'
import { log } from '../lib/log.ts'
import { metrics } from '../lib/metrics.ts'
import { mimeType, withCharset } from './mime.ts'
import { renderAllInChild, snapshotContent } from './full-render.ts'
import { failureText, findFailingField, pageSubject, type PageFailure, type Read } from './page-failures.ts'
import { etagOf, mediaKeysOf, renderSitePage, type RenderedPage } from './page-render.ts'
import {
  costPerPage,
  failureKey,
  pagesChanging,
  planPublish,
  applyPublished,
  renderedNow,
  renderMoment,
  retried,
  sameFailure,
  stagingLead,
  throwIfMostFail,
  timerWait,
} from './changed-pages.ts'
import { createPublishQueue } from './publish-queue.ts'
import type { BuildStatus } from './build-status.ts'
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

/** A full publish of more pages than this renders in a child process (full-render.ts), not in the server's. */
const CHILD_RENDER_PAGES = 1000
const LARGE_FILE_BYTES = 2 * 1024 * 1024
/** Failing pages whose field is searched per publish (the others are named without it until a later publish). */
const FIELD_SEARCHES_PER_PUBLISH = 5

export type SitePublisherOptions = {
  repoRoot: string
  contentDir: string
  /** SITE_BUILD_DIR: the export folder (see export-folder.ts). */
  buildRoot: string
  siteUrl: string
  now?: () => Date
  debounceMs?: number
  /**
   * Memory for hot pages and assets (bodies and their brotli and gzip forms): 8 MB holds a company site's hot set
   * (home, lists, recent posts: ~125 pages of 60 KB with their compressed forms); the rest is read from the export
   * on demand, as nginx serves every page (a cold post page in ~2 ms at 100,000 posts; issue 33: 16 MB of RSS at
   * 10,000 posts was this cache after a crawl, twelfth session).
   */
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
/** The hot pages' memory by default (see `hotBytes`). */
const HOT_BYTES = 8 * 1024 * 1024

/** The export tree an index's files are in: shared by the index's files, so a publish moves them all at once. */
type TreeAt = { dir: string }

/**
 * A file of the live export in the index: its path is its tree's folder (TreeAt) and its URL, made on a cold read
 * rather than kept per file and rewritten by every publish (a walk over 33,000 entries a save at 10,000 pages).
 * Small files are read into memory on first use (`sourcePath`), large ones streamed (`diskPath`).
 */
class ExportFile implements CachedFile {
  body?: Buffer
  br?: Buffer
  gzip?: Buffer
  status?: number
  type: string
  etag: string
  size: number
  private readonly at: TreeAt
  private readonly url: string
  private readonly large: boolean
  /** Set once the file's version is replaced: it keeps reading the tree it was in. */
  private kept: string | null = null
  constructor(at: TreeAt, url: string, type: string, etag: string, size: number, large: boolean) {
    this.at = at
    this.url = url
    this.type = type
    this.etag = etag
    this.size = size
    this.large = large
  }
  private get path(): string {
    return (this.kept ?? this.at.dir) + this.url
  }
  get sourcePath(): string | undefined {
    return this.large ? undefined : this.path
  }
  get diskPath(): string | undefined {
    return this.large ? this.path : undefined
  }
  /** This version stays in `folder` (its tree) when the index moves on to another tree. */
  keepIn(folder: string | null) {
    this.kept ??= folder ?? this.at.dir
  }
}

/**
 * Publishes the site: builds the code once (code-build.ts), then on each save renders in this process only the
 * pages whose key changed, writes them into the export folder and swaps them into the live index at once. A
 * failing render changes nothing live and is reported through the status (publish-queue.ts).
 */
export function createSitePublisher(o: SitePublisherOptions) {
  const now = o.now ?? (() => new Date())
  const hot = createHotFiles(o.hotBytes ?? HOT_BYTES)
  let bundle: SiteBundle | null = null
  let dir: string | null = null
  let records = new Map<string, PageRecord>()
  let index: StaticCache = new Map()
  /** The folder the index's files are read from (ExportFile): set once per publish, not per file. */
  let indexAt: TreeAt = { dir: '' }
  let version = 0
  /** The media library as the live pages were checked against it (null: not yet, as after a restart). */
  let mediaSeen: string | null = null
  /** The pages of the last publish when the live records are exactly theirs (planPublish then compares fewer). */
  let planned: SitePage[] | null = null
  /**
   * Pages whose render threw (issue 27, point 2): every other page went live; each keeps its previous version (if
   * it had one) under a record no key matches, so every publish tries it again until it renders.
   */
  const failures = new Map<string, PageFailure & { key: string }>()
  /** A post's or project's content as its page last rendered: the failing field is searched against it. */
  const lastGood = new Map<string, Record<string, unknown>>()
  const contentRead: Read = o.read ?? ((name) => readFromDisk(o.contentDir, name))

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

  /** Failing pages whose field is still searched in this publish (each search renders the page again). */
  let searchesLeft = 0

  /**
   * Notes a page whose render threw: names it and (once per version of the page) the field that breaks it, by
   * rendering it again in memory with one field changed at a time (page-failures.ts). Nothing goes live here.
   */
  async function noteFailure(b: SiteBundle, page: SitePage, scope: RenderScope, err: unknown, seq: number, kept: boolean) {
    const message = err instanceof Error ? err.message : String(err)
    const known = failures.get(page.path)
    if (sameFailure(known, page, message)) {
      Object.assign(known, { publish: seq, kept })
      return
    }
    const subject = pageSubject(page.path, contentRead)
    const search = subject !== null && searchesLeft-- > 0
    const renders = async (read: Read) => {
      try {
        await renderSitePage(b, page, { contentDir: o.contentDir, version: -++previewVersion, read, now: scope.now }, o.siteUrl)
        return true
      } catch {
        return false
      }
    }
    const found = search ? await findFailingField(subject, contentRead, lastGood.get(page.path), renders) : null
    const itemId = found?.itemId ?? (typeof subject?.item?.id === 'string' ? subject.item.id : null)
    const field = found?.field ?? null
    const text = failureText(page.path, subject, field, kept)
    // Not searched (over this publish's budget): no key, so a later publish searches it.
    const key = failureKey(page, subject !== null, search)
    failures.set(page.path, {
      path: page.path,
      text,
      message,
      collection: subject?.collection ?? null,
      itemId,
      field,
      kept,
      publish: seq,
      key,
    })
    log.error({ publish: seq, page: page.path, field }, `Sayfa oluşturulamadı, diğer sayfalar yayımlanıyor: ${message}`)
  }

  /** A page rendered: off the failure list, and its subject is what a later failure is compared with. */
  function noteRendered(path: string) {
    failures.delete(path)
    const subject = /^\/(blog|sosyal-sorumluluk)\/[^/]+$/.test(path) ? pageSubject(path, contentRead) : null
    if (subject?.item) lastGood.set(path, subject.item)
  }

  function pageEntry(at: TreeAt, path: string, r: PageRecord, body?: Uint8Array): CachedFile {
    // withCharset: records written before decision 060 say bare 'text/html'.
    const file = new ExportFile(at, urlKey(path), withCharset(r.type), r.etag, r.size, false)
    if (r.status) file.status = r.status
    if (body) file.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    return file
  }

  /**
   * The index of an export folder: its client files (read lazily; `files` when known, else every file but the
   * host's) and the rendered pages. Files other modules add to a tree are for the host, never in the index.
   */
  async function indexFolder(at: TreeAt, pages: Map<string, PageRecord>, files?: string[]): Promise<StaticCache> {
    const folder = at.dir
    const next: StaticCache = new Map()
    const pageKeys = new Set([...pages.keys()].map(urlKey))
    for (const url of files ?? (await listExportFiles(folder))) {
      if (pageKeys.has(url) || isHostFile(url)) continue
      const path = join(folder, url)
      const { size } = await stat(path)
      const type = mimeType(path)
      const large = size > LARGE_FILE_BYTES
      next.set(url, new ExportFile(at, url, type, large ? `W/"${size.toString(16)}"` : etagOf(await readFile(path)), size, large))
    }
    for (const [path, r] of pages) next.set(urlKey(path), pageEntry(at, path, r))
    return next
  }

  /** Renders every page into the tree, in this process: the pages' records, and the pages that threw. */
  async function renderAllHere(b: SiteBundle, pages: SitePage[], scope: RenderScope, tree: Draft) {
    const next = new Map<string, PageRecord>()
    const failed = new Map<string, unknown>()
    for (const page of pages) {
      let r
      try {
        r = await render(b, page, scope)
      } catch (err) {
        failed.set(page.path, err)
        continue
      }
      await tree.write(urlKey(page.path), r.body)
      next.set(page.path, r.record)
    }
    return { records: next, failed }
  }

  /**
   * The pages a full publish could not render: each keeps its live version in the new tree (copied from the live
   * one) when it had one, and is noted; the rest of the site goes live.
   */
  async function keepFailed(
    b: SiteBundle,
    pages: SitePage[],
    failed: Map<string, unknown>,
    next: Map<string, PageRecord>,
    scope: RenderScope,
    seq: number,
    tree: Draft,
  ) {
    for (const page of pages) {
      if (!failed.has(page.path)) continue
      const old = records.get(page.path)
      let kept = false
      if (old && dir) {
        const body = await readFile(join(dir, pageFile(page.path))).catch(() => null)
        if (body) {
          await tree.write(urlKey(page.path), body)
          next.set(page.path, retried(old))
          kept = true
        }
      }
      await noteFailure(b, page, scope, failed.get(page.path), seq, kept)
    }
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
    const manifest = {
      publish: seq,
      at: now().toISOString(),
      full: tree.full,
      changed: tree.changed,
      removed: tree.removed,
    }
    await trees.commit(tree, manifest)
    return manifest
  }

  const stateWriter = createPublishStateWriter(o.buildRoot)
  /**
   * After the switch: the history of manifests and the pages' keys (a failure here only costs a restart's work);
   * an incremental publish records only the pages it changed (publish-state.ts), not every page's key.
   */
  async function recordPublish(manifest: Manifest, tree: string, change: { changed: string[]; removed: string[] } | 'full') {
    try {
      await recordManifest(o.buildRoot, { ...manifest, tree: basename(tree) })
      const files = () => {
        const pageUrls = new Set([...records.keys()].map(urlKey))
        return [...index.keys()].filter((url) => !pageUrls.has(url))
      }
      await stateWriter.write({ code: bundle!.stamp, tree: basename(tree), pages: records, files }, change)
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
    let nextAt: TreeAt
    try {
      const done =
        pages.length > (o.childRenderAbove ?? CHILD_RENDER_PAGES)
          ? await renderAllInChildProcess(b, pages, tree.dir, seq, scope.now)
          : await renderAllHere(b, pages, scope, tree)
      next = done.records
      throwIfMostFail(done.failed, pages.length)
      await keepFailed(b, pages, done.failed, next, scope, seq, tree)
      // Indexed before other modules add their files: those are for the host, not pages of the site.
      nextAt = { dir: tree.dir }
      nextIndex = await indexFolder(nextAt, next)
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
    const replaced = index.values()
    ;[bundle, dir, records, index, indexAt] = [b, tree.dir, next, nextIndex, nextAt]
    // Every file is a new one: the hot copies of the old tree's go (issue 33).
    hot.forget(replaced)
    const renderedPages = renderedNow(pages, next)
    for (const page of renderedPages) failures.delete(page.path)
    for (const path of lastGood.keys()) if (!next.has(path)) lastGood.delete(path)
    await recordPublish(manifest, tree.dir, 'full')
    announce(
      renderedPages.map((p) => p.path),
      [],
      true,
    )
    return true
  }

  /**
   * Renders the changed pages in memory (a failure writes nothing), writes them into a tree holding the live
   * publish, switches to it and swaps the new pages into the live index.
   */
  async function publishChanges(
    b: SiteBundle,
    changed: SitePage[],
    removed: string[],
    scope: RenderScope,
    seq: number,
  ): Promise<string[] | null> {
    const rendered: RenderedPage[] = []
    const errors = new Map<string, unknown>()
    for (const page of changed) {
      try {
        rendered.push(await render(b, page, scope))
      } catch (err) {
        errors.set(page.path, err)
      }
    }
    throwIfMostFail(errors, changed.length)
    const failed = changed.filter((p) => errors.has(p.path))
    for (const page of failed) await noteFailure(b, page, scope, errors.get(page.path), seq, records.has(page.path))
    for (const path of removed) {
      failures.delete(path)
      lastGood.delete(path)
    }
    // Every changed page failed: the live site stays as it is (nothing to switch).
    if (!rendered.length && !removed.length && !contributors.some((c) => c.pending?.())) return []
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
        return null
      }
      manifest = live
    } catch (err) {
      await trees.abort(tree)
      throw err
    }
    // The versions this publish replaces or removes are never served again: their hot copies go at once (issue 33).
    const replaced: CachedFile[] = []
    for (const path of [...rendered.map((r) => r.path), ...removed]) {
      const old = index.get(urlKey(path))
      if (old) replaced.push(old)
    }
    // Live now: the index and the records change in place (a copy of each was 300,000 and 100,000 entries per save
    // at 100,000 posts, issue 33); nothing reads an older state of them.
    for (const r of rendered) index.set(urlKey(r.path), pageEntry(indexAt, r.path, r.record, r.body))
    for (const path of removed) index.delete(urlKey(path))
    applyPublished(records, rendered, removed, failed.map((p) => p.path))
    // The versions replaced keep reading the old tree (a request still streaming one gets the bytes it announced).
    for (const old of replaced) if (old instanceof ExportFile) old.keepIn(dir)
    // Unchanged files are the same files (hard links) in the new tree: cold reads go there from now on (one
    // assignment moves every file of the index), and the old tree may be reused once its grace ends.
    indexAt.dir = tree.dir
    dir = tree.dir
    hot.forget(replaced)
    for (const r of rendered) noteRendered(r.path)
    // The failed pages' records changed too (retried: no key matches them).
    await recordPublish(manifest, tree.dir, { changed: [...rendered.map((r) => r.path), ...failed.map((p) => p.path)], removed })
    announce(
      rendered.map((r) => r.path),
      removed,
      false,
      new Map(rendered.map((r) => [r.path, r.body])),
    )
    return rendered.map((r) => r.path)
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
    const wait = timerWait(due, stagingLead(msPerPage, pagesThen), now().getTime())
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
    searchesLeft = FIELD_SEARCHES_PER_PUBLISH
    // A publish carrying a save goes live now; the scheduled time (re-armed below from `due`) gets its own publish.
    const at = renderMoment(stagedFor, started, queue.carriesSave())
    stagedFor = null
    const scope: RenderScope = { contentDir: o.contentDir, version: ++version, read: o.read, now: at }
    const pages = b.listPages(scope)
    // A media record edited since (alt text) re-renders the pages that showed it; unchanged library: no check.
    const media = mediaKeysOf(b, scope)
    const { changed, removed, full, onSite } = planPublish({ fresh, pages, records, media, mediaSeen, previous: planned })
    const due = b.nextChange?.(scope) ?? null
    // The pages that change at the next scheduled time, against what this publish makes live.
    const pagesThen = due === null ? 0 : pagesChanging(pages, b.listPages({ ...scope, version: ++version, now: due }))
    armFor(due, pagesThen)
    // A page no longer on the site is no longer failing.
    for (const path of failures.keys()) if (!onSite(path)) failures.delete(path)
    let done: string[] | null
    if (full) {
      progress(['*'])
      done = (await publishAll(b, pages, scope, seq)) ? ['*'] : null
    } else {
      progress(changed.map((p) => p.path))
      done =
        changed.length || removed.length || contributors.some((c) => c.pending?.())
          ? await publishChanges(b, changed, removed, scope, seq)
          : []
    }
    if (!done) return []
    msPerPage = costPerPage(msPerPage, changed.length, full, preparedAt - started)
    mediaSeen = media.all
    // Every page's record is now under its key, unless one failed (its record is retried, or it has none).
    planned = failures.size === 0 ? pages : null
    return full ? done : [...done, ...removed]
  }

  const queue = createPublishQueue(publishOnce, { now, debounceMs: o.debounceMs })

  return {
    /** The queue's state, with the pages that could not be rendered while the rest of the site went live. */
    status: (): BuildStatus => ({
      ...queue.status(),
      pageErrors: [...failures.values()].map(({ key: _key, ...failure }) => failure),
    }),
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
        records = shareRecordValues(new Map(Object.entries(state.pages)))
        planned = null
        indexAt = { dir: liveDir }
        index = await indexFolder(indexAt, records, state.files)
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
      const scope: RenderScope = {
        contentDir: o.contentDir,
        version: -++previewVersion,
        read,
        now: now().getTime(),
      }
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
    const settings = read?.('contact-settings') ?? readFromDisk(env.contentDir, 'contact-settings')
    return (settings as { mapUrl?: string } | null)?.mapUrl
  }
  const content = (name: string) => read?.(name) ?? readFromDisk(env.contentDir, name)
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

/**
 * A collection as it is on disk, in either layout (decision 333), when no content is given in memory (`npm run
 * build`); null when missing or unreadable: these reads only name failing pages and list moved addresses, and the
 * render itself reads the same files and fails naming the broken one.
 */
function readFromDisk(dir: string, name: string): unknown {
  try {
    return readCollectionSync(dir, name) ?? null
  } catch {
    return null
  }
}
