import { execFile } from 'node:child_process'
import { basename, dirname, join, relative, sep } from 'node:path'
import { nodeExportFs, type ExportFs } from './export-fs.ts'
import { removeTree } from './remove-tree.ts'
import { makeTreePublic, mkdirPublic, PUBLIC_DIR_MODE, PUBLIC_FILE_MODE } from './public-modes.ts'
import { log } from '../lib/log.ts'

/**
 * A publish's tree of the export before it goes live. The publisher writes the changed pages into it; other
 * modules add their own files (precompressed copies, host rules) through `write`/`remove` before the switch, so
 * those go live in the same switch as the pages. Paths are URL paths of files: '/blog/x/index.html'.
 */
export type PublishTree = {
  /** The tree's folder; not live until the publish switches to it. */
  readonly dir: string
  /** The publish's number (the `X-Publish` of the saves it carries). */
  readonly publish: number
  /** Every file is new (first start, new code, many changes): `changed` is ['*']. */
  readonly full: boolean
  /** Files of pages this publish wrote, and removed. */
  changed: string[]
  removed: string[]
  /** Writes a file into the tree (a new file: never in place, other trees may share the old one as a link). */
  write(file: string, body: Uint8Array | string): Promise<void>
  /** Removes a file from the tree (and the folders it leaves empty). */
  remove(file: string): Promise<void>
}

/** Another module's part of every publish (api/publish/README.md, "The export"). A throw fails the publish. */
export type TreeContributor = {
  contribute(tree: PublishTree): Promise<void>
  /** True when the contributor has something new to write although no page changed: the publish then runs. */
  pending?(): boolean
  /** After the tree went live (a throw is logged; the publish stays live). */
  committed?(): Promise<void>
}

type Tree = {
  dir: string
  /** The publish level whose files the tree holds (-1: unknown, never reused). */
  level: number
  state: 'live' | 'free' | 'building' | 'draft'
  /** When it stopped being live (0: never was). */
  retiredAt: number
  /** Links being made from it: it is not reused meanwhile. */
  pins: number
  /** While it is being linked in the background: settles when it is ready (or gone). */
  linking?: Promise<unknown>
}

export type Draft = PublishTree & { tree: Tree; touched: Set<string> | 'all' }

export type ExportTreesOptions = {
  /** How long a tree stays as it was after it stopped being live (in-flight reads). */
  graceMs?: number
  /** Trees kept (live, retired ones in their grace, spares). */
  maxTrees?: number
  fs?: ExportFs
  now?: () => number
}

/** The file the export folder carries naming its publish; not a page (the server never serves it). */
export const MANIFEST_FILE = '/manifest.json'
const BATCH = 64

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT'

async function inBatches<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await Promise.all(items.slice(i, i + BATCH).map(run))
}

/**
 * The export folder's trees: `SITE_BUILD_DIR/live` is a symlink to one `site-*` tree, switched by one rename, so
 * nginx or a CDN in front of it reads the old or the new publish, never a mix. A publish never writes into the
 * live tree: it takes a tree that is not live (a spare, or one retired longer than the grace period), brings it
 * to the live publish by hard-linking the few files changed since it was live (the history of touched files),
 * writes its own files into it and switches. A failure part-way leaves `live` as it was. New trees are linked
 * whole (every file a hard link) in the background, so a save does not wait for one.
 */
export function createExportTrees(buildRoot: string, o: ExportTreesOptions = {}) {
  const fs = o.fs ?? nodeExportFs
  const graceMs = o.graceMs ?? 10_000
  const maxTrees = Math.max(2, o.maxTrees ?? 3)
  const clock = o.now ?? Date.now
  const livePath = join(buildRoot, 'live')
  let trees: Tree[] = []
  /** The live tree's level; history[k] is what publish level k touched ('all': a full publish). */
  let level = 0
  const history = new Map<number, Set<string> | 'all'>()
  let made = 0
  let adopted: Promise<string | null> | null = null
  let maintaining: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null
  let stopped = false

  const newDir = () => join(buildRoot, `site-${clock()}-${process.pid}-${++made}`)
  const live = () => trees.find((t) => t.state === 'live') ?? null
  const forget = (tree: Tree) => (trees = trees.filter((t) => t !== tree))

  /** Files touched by the publishes after `from` (null: a full publish or a forgotten one came between). */
  function touchedSince(from: number): Set<string> | null {
    if (from < 0) return null
    const out = new Set<string>()
    for (let k = from + 1; k <= level; k++) {
      const touched = history.get(k)
      if (!touched || touched === 'all') return null
      for (const file of touched) out.add(file)
    }
    return out
  }

  async function writeInto(dir: string, file: string, body: Uint8Array | string): Promise<void> {
    const target = join(dir, file)
    await mkdirPublic(fs, dirname(target))
    const tmp = `${target}.${process.pid}.tmp`
    await fs.writeFile(tmp, body)
    // Public whatever the umask (public-modes.ts); before the rename, so nobody sees it unreadable.
    await fs.chmod(tmp, PUBLIC_FILE_MODE)
    await fs.rename(tmp, target)
  }

  async function removeFrom(dir: string, file: string): Promise<void> {
    await fs.unlink(join(dir, file)).catch((err) => (isMissing(err) ? undefined : Promise.reject(err)))
    // A removed page's folder goes too ('blog/x/'), as a full publish would not have it.
    for (let d = dirname(join(dir, file)); d.length > dir.length; d = dirname(d)) {
      if (!(await fs.rmdir(d).then(() => true, () => false))) break
    }
  }

  /** Makes `file` in `dir` the same file as in `from` (a hard link); false when `from` has none (nothing linked). */
  async function linkInto(from: string, dir: string, file: string): Promise<boolean> {
    const target = join(dir, file)
    await mkdirPublic(fs, dirname(target))
    const tmp = `${target}.${process.pid}.lnk`
    await fs.unlink(tmp).catch(() => {})
    try {
      await fs.link(join(from, file), tmp)
    } catch (err) {
      if (isMissing(err)) return false
      throw err
    }
    await fs.rename(tmp, target)
    return true
  }

  /** Removes a tree: in one `rm` process on the real file system (remove-tree.ts), else through the test's layer. */
  const removeWhole = (dir: string): Promise<void> =>
    fs === nodeExportFs ? removeTree(dir) : fs.rm(dir, { recursive: true, force: true })

  /**
   * A new tree whose every file is a hard link to the same file in `from`: `cp -al` in one process (10,000 posts,
   * 43,000 entries: 1.4 s, against 2.8–3.7 s of mkdir and link calls from here), else (no GNU cp, or a test's
   * file layer) call by call.
   */
  async function linkWhole(from: string, to: string): Promise<void> {
    if (fs === nodeExportFs) {
      if (await copyAsLinks(from, to)) return
      // Whatever a failed cp left, before linking call by call.
      await removeWhole(to)
    }
    const entries = await fs.readdir(from, { withFileTypes: true, recursive: true })
    const dirs: string[] = []
    const files: string[] = []
    for (const e of entries) {
      const rel = relative(from, join(e.parentPath, e.name))
      if (e.isDirectory()) dirs.push(rel)
      else if (e.isFile()) files.push(rel)
    }
    await fs.mkdir(to)
    await fs.chmod(to, PUBLIC_DIR_MODE)
    const depth = (p: string) => p.split(sep).length
    dirs.sort((a, b) => depth(a) - depth(b))
    for (let i = 0; i < dirs.length; ) {
      const d = depth(dirs[i]!)
      let j = i
      while (j < dirs.length && depth(dirs[j]!) === d) j++
      await inBatches(dirs.slice(i, j), async (rel) => {
        await fs.mkdir(join(to, rel))
        await fs.chmod(join(to, rel), PUBLIC_DIR_MODE)
      })
      i = j
    }
    await inBatches(files, (rel) => fs.link(join(from, rel), join(to, rel)))
  }

  /** Brings a tree from its level to the live tree's, linking each file touched meanwhile. */
  async function catchUp(tree: Tree, current: Tree): Promise<void> {
    const files = [...touchedSince(tree.level)!]
    const gone: string[] = []
    await inBatches(files, async (file) => {
      if (!(await linkInto(current.dir, tree.dir, file))) gone.push(file)
    })
    // Removals only once every link is made: a removal takes away the folder it empties, and a link's recursive
    // mkdir of that folder beside it then fails with ENOENT (Node stats a folder it found existing, and it was
    // gone: a removed page's index.html, .br and .gz are caught up together). Seen once in the nginx test.
    await inBatches(gone, (file) => removeFrom(tree.dir, file))
    tree.level = current.level
  }

  function draftOf(tree: Tree, publish: number, touched: Set<string> | 'all'): Draft {
    return {
      tree,
      touched,
      dir: tree.dir,
      publish,
      full: touched === 'all',
      changed: touched === 'all' ? ['*'] : [],
      removed: [],
      async write(file, body) {
        await writeInto(tree.dir, file, body)
        if (touched !== 'all') touched.add(file)
      },
      async remove(file) {
        await removeFrom(tree.dir, file)
        if (touched !== 'all') touched.add(file)
      },
    }
  }

  /** At start: the live tree as left by the last run; every other tree is removed after the grace period. */
  function adopt(): Promise<string | null> {
    return (adopted ??= (async () => {
      const target = await fs.readlink(livePath).then((t) => join(buildRoot, t), () => null)
      const names = await fs.readdir(buildRoot).catch(() => [] as string[])
      const now = clock()
      for (const name of names) {
        if (!name.startsWith('site-')) continue
        const dir = join(buildRoot, name)
        if (dir === target) {
          trees.push({ dir, level, state: 'live', retiredAt: 0, pins: 0 })
          // A tree written by an older server under the unit's umask (0640 pages) is made public once; its files
          // are hard links, so the spares linked from it are public too.
          if (fs === nodeExportFs) await makeTreePublic(fs, dir).catch(() => {})
        }
        else trees.push({ dir, level: -1, state: 'free', retiredAt: now, pins: 0 })
      }
      // Before atomic trees the manifest sat beside `live`: it now lives in the tree.
      await fs.rm(join(buildRoot, 'manifest.json'), { force: true }).catch(() => {})
      void maintain()
      return live()?.dir ?? null
    })())
  }

  function maintain(): Promise<void> {
    if (maintaining) {
      again = true
      return maintaining
    }
    maintaining = (async () => {
      do {
        again = false
        await maintainOnce()
      } while (again && !stopped)
    })()
      .catch((err) => log.error(`Yayın klasörü düzenlenemedi: ${err instanceof Error ? err.message : err}`))
      .finally(() => (maintaining = null))
    return maintaining
  }

  /** Removes trees that can no longer be brought up to date once their grace ends; links spares in their place. */
  async function maintainOnce(): Promise<void> {
    const now = clock()
    let nextAt = Infinity
    for (const tree of [...trees]) {
      if (tree.state !== 'free' || tree.pins || touchedSince(tree.level) !== null) continue
      const due = tree.retiredAt + graceMs
      if (due <= now) {
        forget(tree)
        await removeWhole(tree.dir)
      } else nextAt = Math.min(nextAt, due)
    }
    if (nextAt < Infinity && !stopped) {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void maintain(), nextAt - now + 5)
      timer.unref()
    }
    const current = live()
    while (!stopped && current && current === live() && trees.length < maxTrees) {
      const tree: Tree = { dir: newDir(), level: current.level, state: 'building', retiredAt: 0, pins: 0 }
      trees.push(tree)
      current.pins++
      try {
        await (tree.linking = linkWhole(current.dir, tree.dir))
        tree.state = 'free'
      } catch (err) {
        forget(tree)
        await removeWhole(tree.dir).catch(() => {})
        throw err
      } finally {
        current.pins--
      }
    }
  }

  async function discard(tree: Tree): Promise<void> {
    forget(tree)
    await removeWhole(tree.dir).catch(() => {})
  }

  return {
    /** The live tree's folder at start (null: none yet); every other tree is cleaned up later. */
    adopt,
    /** The live tree's folder now. */
    liveDir: (): string | null => live()?.dir ?? null,
    /**
     * A tree for a publish: a fresh one with the code's client files (`full`), else one holding the live
     * publish, ready for this publish's changes.
     */
    async begin(publish: number, opts: { full: boolean; clientDir?: string }): Promise<Draft> {
      await adopt()
      const current = live()
      if (opts.full || !current) {
        const tree: Tree = { dir: newDir(), level: -1, state: 'draft', retiredAt: 0, pins: 0 }
        trees.push(tree)
        try {
          await mkdirPublic(fs, buildRoot)
          // The code build was made under the umask (and cp keeps its modes): the copy is made public.
          if (opts.clientDir) await fs.cp(opts.clientDir, tree.dir, { recursive: true })
          else await fs.mkdir(tree.dir, { recursive: true })
          await makeTreePublic(fs, tree.dir)
        } catch (err) {
          await discard(tree)
          throw err
        }
        return draftOf(tree, publish, 'all')
      }
      // A spare being linked in the background (after a start or a full publish) is nearer done than a new one.
      const spare = trees.find((t) => t.state === 'building')
      if (spare && !trees.some((t) => t.state === 'free' && t.pins === 0 && touchedSince(t.level) !== null))
        await spare.linking?.catch(() => {})
      const now = clock()
      const usable = trees.filter((t) => t.state === 'free' && t.pins === 0 && touchedSince(t.level) !== null)
      const rested = usable.filter((t) => now - t.retiredAt >= graceMs).sort((a, b) => b.level - a.level)
      // All within their grace and no room for another tree: the one retired longest ago (a burst of saves).
      let tree = rested[0] ?? (trees.length >= maxTrees ? usable.sort((a, b) => a.retiredAt - b.retiredAt)[0] : undefined)
      try {
        if (tree) {
          tree.state = 'draft'
          // A new name: a reader still holding the old one gets an error, never a tree that changes under it.
          const dir = newDir()
          await fs.rename(tree.dir, dir)
          tree.dir = dir
          await catchUp(tree, current)
        } else {
          tree = { dir: newDir(), level: current.level, state: 'draft', retiredAt: 0, pins: 0 }
          trees.push(tree)
          current.pins++
          try {
            await linkWhole(current.dir, tree.dir)
          } finally {
            current.pins--
          }
        }
      } catch (err) {
        if (tree) await discard(tree)
        throw err
      }
      return draftOf(tree, publish, new Set())
    },
    /** Writes the tree's manifest and switches `live` to it (one rename): from here the publish is live. */
    async commit(draft: Draft, manifest: Record<string, unknown>): Promise<void> {
      await writeInto(draft.dir, MANIFEST_FILE, JSON.stringify({ ...manifest, tree: basename(draft.dir) }, null, 1))
      const tmp = `${livePath}.${process.pid}.tmp`
      await fs.unlink(tmp).catch(() => {})
      await fs.symlink(basename(draft.dir), tmp)
      await fs.rename(tmp, livePath)
      const old = live()
      if (old) {
        old.state = 'free'
        old.retiredAt = clock()
      }
      draft.tree.state = 'live'
      draft.tree.level = ++level
      history.set(level, draft.touched)
      history.delete(level - 500)
      void maintain()
    },
    /** Drops a tree whose publish failed (it was never live). */
    async abort(draft: Draft): Promise<void> {
      await discard(draft.tree)
      void maintain()
    },
    /** Resolves when background work (spares, removals) is done: tests. */
    settled: async (): Promise<void> => {
      while (maintaining) await maintaining
    },
    /** Every tree's folder and state (tests, status). */
    list: () => trees.map((t) => ({ dir: t.dir, state: t.state, level: t.level })),
    async stop(): Promise<void> {
      stopped = true
      if (timer) clearTimeout(timer)
      await maintaining
    },
  }
}
export type ExportTrees = ReturnType<typeof createExportTrees>

/** `cp -al from to` (GNU coreutils): false when it is missing or fails (the caller links call by call). */
function copyAsLinks(from: string, to: string): Promise<boolean> {
  return new Promise((resolve) => execFile('cp', ['-al', '--', from, to], (err) => resolve(!err)))
}
