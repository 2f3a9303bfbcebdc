/**
 * Issue 33, decision 344: the public blog search before (every post's folded text memoised in the V8 heap,
 * `foldedTextCache`) and after (the FTS5 trigram index in DATA_DIR/blog-search.sqlite), at `SIZES` generated posts
 * (default 10,000 and 100,000, the demo posts repeated as in `makeContent`), without a server. Posts' bodies are read
 * from a file on each access, as the store will give them (`contentStructure` no longer kept): each post holds only
 * where its body is. Each mode runs in a process of its own (`--expose-gc`); per size it prints the time per search
 * (p50/p95 of `QUERIES` (100) searches of 1-3 words), the memory held (heap used, external, RSS after a forced gc)
 * before the first search and after the searches, and for the index its build from scratch, its size on disk, a
 * search right after a one-post save, the check at a restart (every body read and hashed, nothing written) and the
 * first search after a restart, which waits for that check. `node bench/blog-search.ts` (SIZES=10000 to try;
 * MODES=after for one mode; BREAKDOWN=1 for RSS by kind of mapping).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { openSync, readSync, statSync, writeSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BlogPost } from '../schema/blog.ts'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { noteReplaced } from '../schema/list-lineage.ts'
import { foldForSearch } from '../schema/search-fold.ts'
import { createBlogSearch } from '../api/entries/blog-search-sync.ts'
import { searchPublishedBlogs } from '../api/entries/blog-search.ts'
import { foldedTextCache, hasEveryWord, plainTextOf, searchWords } from '../api/entries/search-text.ts'
import { BLOG_SEARCH_FILE, openBlogSearchIndex } from '../api/store/private/blog-search-index.ts'
import { memoryBreakdown, percentile, repoRoot } from './lib.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number)
const QUERIES = Number(process.env.QUERIES ?? 100)
const NOW = Date.parse('2030-01-01T00:00:00Z')

/** Deterministic random numbers (the same queries in both modes). */
function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

/** `count` posts from the demo posts (as makeContent), bodies in `root/bodies`, read on each `contentStructure`. */
function loadPosts(root: string, count: number): BlogPost[] {
  const demo = readCollectionSync(join(repoRoot, 'content'), 'blogs') as BlogPost[]
  const file = join(root, 'bodies')
  const fresh = (() => {
    try {
      return statSync(file).size === 0
    } catch {
      return true
    }
  })()
  const fd = openSync(file, fresh ? 'w+' : 'r')
  let offset = 0
  const start = Date.parse('2020-01-01T09:00:00Z')
  const posts = Array.from({ length: count }, (_unused, i) => {
    const base = demo[i % demo.length]!
    const body = Buffer.from(JSON.stringify(base.contentStructure))
    if (fresh) writeSync(fd, body, 0, body.length, offset)
    const at = offset
    const length = body.length
    offset += length
    const { contentStructure: _body, ...meta } = base
    // Through JSON, as the store reads posts: flat strings (a template literal's would be flattened by the first reader).
    const post = JSON.parse(
      JSON.stringify({
        ...meta,
        id: `${base.id}-${i}`,
        title: `${base.title} ${i}`,
        status: 'published',
        createdAt: new Date(start + i * 3_600_000).toISOString(),
      }),
    )
    Object.defineProperty(post, 'contentStructure', {
      enumerable: true,
      get() {
        const buf = Buffer.allocUnsafe(length)
        readSync(fd, buf, 0, length, at)
        return JSON.parse(buf.toString())
      },
    })
    return Object.freeze(post) as BlogPost
  })
  return posts.reverse()
}

/** 1-3 words of the demo posts' texts (folded), a fifth of them with a post's number. */
function makeQueries(): string[] {
  const demo = readCollectionSync(join(repoRoot, 'content'), 'blogs') as BlogPost[]
  const text = foldForSearch(
    demo.map((p) => `${p.title} ${p.excerpt} ${plainTextOf(p.contentStructure)}`).join(' '),
  )
  const vocabulary = [...new Set(text.match(/[\p{L}\p{N}-]{3,}/gu) ?? [])]
  const rand = seeded(33)
  return Array.from({ length: QUERIES }, (_, i) => {
    const words = Array.from(
      { length: 1 + Math.floor(rand() * 3) },
      () => vocabulary[Math.floor(rand() * vocabulary.length)]!,
    )
    if (i % 5 === 4) words[0] = String(Math.floor(rand() * 10_000))
    return words.join(' ')
  })
}

const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10
function memory() {
  // A collection that gives V8's pooled pages back, as api/ops/memory-trim.ts asks the server for (decision 338).
  const gc = globalThis.gc as unknown as (o: object) => void
  for (let i = 0; i < 3; i++) gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  const m = process.memoryUsage()
  return { heapUsed: mb(m.heapUsed), external: mb(m.external), rss: mb(m.rss) }
}

function timed<T>(fn: () => T): [T, number] {
  const t = performance.now()
  const result = fn()
  return [result, performance.now() - t]
}

/** The search as it was before decision 344 (api/entries/blog-search.ts at b126a89): a memo of every folded text. */
function beforeTest() {
  const publicText = foldedTextCache<BlogPost & { content?: unknown }>(
    (post) => [
      post.title,
      post.excerpt,
      post.content,
      ...(post.contentStructure ?? []).flatMap((item) => [item.type, item.content]),
    ],
    (post) =>
      [
        post.title,
        post.excerpt,
        plainTextOf(post.contentStructure ?? []),
        typeof post.content === 'string' ? post.content.replace(/<[^>]*>/g, ' ') : '',
      ].join('\n'),
  )
  return (words: string[]) => (post: BlogPost) => hasEveryWord(publicText(post), words)
}

async function child(mode: string, count: number, root: string) {
  const posts = loadPosts(root, count)
  const queries = makeQueries()
  const query = (q: string) => ({ q, tag: '', page: 1, pageSize: 12 })
  const out: Record<string, unknown> = { mode, posts: count, memoryBefore: memory() }
  if (process.env.BREAKDOWN) out.breakdownBefore = await memoryBreakdown(process.pid)
  const dataDir = join(root, `data-${mode}`)
  execFileSync('mkdir', ['-p', dataDir])
  let lookup: ((words: string[]) => unknown) | null = null
  let testFor: (list: readonly BlogPost[]) => (words: string[]) => (post: BlogPost) => boolean
  if (mode === 'before') {
    const test = beforeTest()
    testFor = () => test
    out.firstSearchMs = timed(() => searchPublishedBlogs(posts, query(queries[0]!), NOW, test))[1]
  } else {
    const index = openBlogSearchIndex(dataDir)
    lookup = (words) => index.matching(words)
    const search = createBlogSearch(index)
    testFor = (list) => search.testFor(list)
    const t = performance.now()
    await search.settled(posts)
    out.buildMs = performance.now() - t
    out.memoryBuilt = memory()
    out.indexMb = mb(
      statSync(join(dataDir, BLOG_SEARCH_FILE)).size +
        (statSync(join(dataDir, `${BLOG_SEARCH_FILE}-wal`), { throwIfNoEntry: false })?.size ?? 0),
    )
  }
  const times: number[] = []
  let found = 0
  for (const q of queries) {
    const [result, ms] = timed(() => searchPublishedBlogs(posts, query(q), NOW, testFor(posts)))
    times.push(ms)
    found += result.total
  }
  out.p50 = percentile(times, 50)
  out.p95 = percentile(times, 95)
  out.meanFound = Math.round(found / queries.length)
  out.memoryAfter = memory()
  if (lookup) {
    // The index's part of those searches: the ids for the words, without the filter, order and paging around it.
    const lookups = queries.map((q) => timed(() => lookup(searchWords(q)))[1])
    out.lookupP50 = percentile(lookups, 50)
    out.lookupP95 = percentile(lookups, 95)
  }
  if (process.env.BREAKDOWN) out.breakdown = await memoryBreakdown(process.pid)
  if (mode === 'after') {
    // A save of one post: a new list with that position noted, as the write gate leaves it.
    const next = [...posts]
    next[7] = Object.freeze({ ...posts[7]!, title: 'Kadıköy ofisi açıldı', contentStructure: [] }) as BlogPost
    noteReplaced(next, posts, [7])
    out.searchAfterSaveMs = timed(() => searchPublishedBlogs(next, query('kadikoy'), NOW, testFor(next)))[1]
    // A restart: the same file, no list known; every body read and hashed once, nothing written.
    const again = createBlogSearch(openBlogSearchIndex(dataDir))
    // The check alone, then the first search of a restart.
    let t0 = performance.now()
    await again.settled(next)
    out.restartCheckMs = performance.now() - t0
    out.restartWritten = again.written()
    const third = createBlogSearch(openBlogSearchIndex(dataDir))
    // The first search after the restart waits for that check (the index was full), as the route does.
    t0 = performance.now()
    await third.ready(() => next)
    searchPublishedBlogs(next, query(queries[1]!), NOW, third.testFor(next))
    out.firstSearchAfterRestartMs = performance.now() - t0
    out.memoryEnd = memory()
  }
  process.stdout.write(`${JSON.stringify(out)}\n`)
}

async function main() {
  const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
  console.log(`start: ${load()}`)
  for (const count of SIZES) {
    const root = await mkdtemp(join(tmpdir(), 'bench-blog-search-'))
    try {
      for (const mode of (process.env.MODES ?? 'before,after').split(',')) {
        const run = spawnSync(
          process.execPath,
          [...SERVER_NODE_FLAGS, import.meta.filename, 'child', mode, String(count), root],
          {
            encoding: 'utf8',
            maxBuffer: 1 << 24,
            env: { ...process.env, ...SERVER_ENV },
          },
        )
        if (run.status !== 0) throw new Error(`${mode} ${count}: ${run.stderr}`)
        const r = JSON.parse(run.stdout.trim().split('\n').pop()!)
        const fmt = (m: { heapUsed: number; external: number; rss: number }) =>
          `heap ${m.heapUsed} / ext ${m.external} / RSS ${m.rss} MB`
        console.log(
          `\n${count} posts, ${mode}: search p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${QUERIES} searches, ${r.meanFound} found on average)`,
        )
        console.log(
          `  memory before the first search: ${fmt(r.memoryBefore)}; after the searches: ${fmt(r.memoryAfter)}`,
        )
        if (r.breakdownBefore)
          console.log(
            `  RSS by kind before (MB): ${JSON.stringify(r.breakdownBefore, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
          )
        if (r.breakdown)
          console.log(
            `  RSS by kind (MB): ${JSON.stringify(r.breakdown, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
          )
        if (mode === 'before')
          console.log(`  first search (folds every post): ${r.firstSearchMs.toFixed(0)} ms`)
        else {
          console.log(
            `  the index's lookups alone in those searches: p50 ${r.lookupP50.toFixed(1)} ms, p95 ${r.lookupP95.toFixed(1)} ms`,
          )
          console.log(
            `  index built from scratch: ${(r.buildMs / 1000).toFixed(1)} s, ${r.indexMb} MB on disk; memory after it: ${fmt(r.memoryBuilt)}`,
          )
          console.log(
            `  search after a one-post save: ${r.searchAfterSaveMs.toFixed(1)} ms; restart check: ${(r.restartCheckMs / 1000).toFixed(1)} s, ${r.restartWritten} posts written; the first search after a restart (waits for it): ${r.firstSearchAfterRestartMs.toFixed(0)} ms`,
          )
          console.log(`  memory at the end: ${fmt(r.memoryEnd)}`)
        }
      }
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }
  console.log(`\nend: ${load()}`)
}

if (process.argv[2] === 'child') await child(process.argv[3]!, Number(process.argv[4]), process.argv[5]!)
else await main()
