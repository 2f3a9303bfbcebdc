/**
 * Issue 33, decision 333 step 1: what git writes per save if posts were one file each, before any of it is built.
 *
 * For each layout, a repository with `POSTS` generated posts (default 10,000; `POSTS=10000,100000`), packed as an
 * old repository is, then `SAVES` (20) saves of one post committed the way `content-repo.ts` commits today
 * (the file written and fsynced, its blob hashed with `core.looseCompression=1`, a private index, write-tree,
 * commit-tree, update-ref, then the repository's own index set to the new blob). Printed per save: the bytes the
 * process and its reaped git children wrote (`write_bytes` − `cancelled_write_bytes` of /proc/self/io), the new
 * loose objects' bytes and the index files' sizes. The anchor in the same run is today's layout (one `blogs.json`).
 *
 * Layouts:
 * - `file`: today: one `blogs.json`, two-space JSON.
 * - `folder`: `blogs/<id>.json`, the same private-index commit.
 * - `folder-split`: the same with git's split index on both indexes (`core.splitIndex`).
 * - `folder-mktree`: no private index: the `blogs/` tree rebuilt with `mktree` from the last one; real index split.
 * - `fanout`: `blogs/<first character of the id, lowercased>/<id>.json` (38 folders), trees with `mktree`; real
 *   index split.
 *
 * Run: `node_modules/.bin/node bench/folder-layout-git.ts` (git on PATH; a temporary folder, removed after).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SIZES = (process.env.POSTS ?? '10000').split(',').map(Number)
const SAVES = Number(process.env.SAVES ?? 20)
const LAYOUTS = (process.env.LAYOUTS ?? 'file,folder,folder-split,folder-mktree,fanout').split(',')

type Post = { id: string; title: string; slug: string; body: string; tags: string[]; createdAt: string }

/** Posts of about 2 KB each, as the cost-flat bench's generated ones (blogs.json ≈ 20 MB at 10,000). */
function posts(n: number): Post[] {
  // Unique ids spread as the server's random ones are (the first letter over all 64).
  const id = (i: number) => createHash('sha256').update(String(i)).digest('base64url').slice(0, 12)
  const body = 'E-fatura ve e-defter süreçlerinde dikkat edilmesi gereken adımlar. '.repeat(26)
  return Array.from({ length: n }, (_, i) => ({
    id: id(i),
    title: `Yazı ${i + 1}`,
    slug: `yazi-${i + 1}`,
    body: `${body}${i}`,
    tags: ['e-fatura', 'muhasebe'],
    createdAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
  }))
}

function io(): number {
  const text = readFileSync('/proc/self/io', 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)![1])
  return field('write_bytes') - field('cancelled_write_bytes')
}

const git = (cwd: string, args: string[], input?: string, env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd, input, env: { ...process.env, ...env }, maxBuffer: 1 << 30, encoding: 'utf8' })

function writeDurably(path: string, text: string) {
  const fd = openSync(path, 'w')
  writeSync(fd, text)
  fsyncSync(fd)
  closeSync(fd)
}

// fanout: the id's first character lowercased (38 folders; safe on a case-insensitive disk).
const pathOf = (layout: string, id: string) => (layout === 'fanout' ? `blogs/${id[0]!.toLowerCase()}/${id}.json` : `blogs/${id}.json`)

function setUp(root: string, layout: string, list: Post[]) {
  git(root, ['init', '-q'])
  git(root, ['config', 'user.name', 'Bench'])
  git(root, ['config', 'user.email', 'bench@example.com'])
  if (layout === 'file') writeFileSync(join(root, 'blogs.json'), JSON.stringify(list, null, 2))
  else {
    for (const p of list) {
      const path = join(root, pathOf(layout, p.id))
      mkdirSync(join(path, '..'), { recursive: true })
      writeFileSync(path, JSON.stringify(p, null, 2) + '\n')
    }
  }
  git(root, ['add', '-A'])
  git(root, ['commit', '-qm', 'ilk'])
  // An old repository is packed: what a save adds is loose.
  git(root, ['repack', '-adq'])
  git(root, ['prune-packed'])
  if (layout !== 'file' && layout !== 'folder') git(root, ['update-index', '--split-index'])
}

/** Every file under .git/objects that is not in a pack, with its size. */
function looseObjects(root: string): Map<string, number> {
  const out = new Map<string, number>()
  const dir = join(root, '.git/objects')
  for (const sub of readdirSync(dir)) {
    if (sub.length !== 2) continue
    for (const f of readdirSync(join(dir, sub))) out.set(sub + f, statSync(join(dir, sub, f)).size)
  }
  return out
}

function indexBytes(root: string): number {
  let total = 0
  for (const f of readdirSync(join(root, '.git'))) {
    if (f === 'index' || f.startsWith('sharedindex.') || f === 'netiz-index' || f.startsWith('netiz-index')) total += statSync(join(root, '.git', f)).size
  }
  return total
}

/** One save of post `i`, committed as content-repo.ts does; returns nothing, the caller measures. */
function save(root: string, layout: string, list: Post[], i: number, n: number) {
  const post = list[i]!
  post.title = `${post.title.split(' (')[0]} (${n})`
  const path = layout === 'file' ? 'blogs.json' : pathOf(layout, post.id)
  const text = layout === 'file' ? JSON.stringify(list, null, 2) : JSON.stringify(post, null, 2) + '\n'
  writeDurably(join(root, path), text)
  const blob = git(root, ['-c', 'core.looseCompression=1', 'hash-object', '-w', '--stdin'], text).trim()
  const head = git(root, ['rev-parse', 'HEAD']).trim()
  let tree: string
  if (layout === 'file' || layout === 'folder' || layout === 'folder-split') {
    const env = { GIT_INDEX_FILE: join(root, '.git/netiz-index') }
    const split = layout === 'folder-split' ? ['-c', 'core.splitIndex=true'] : []
    if (n === 0) git(root, [...split, 'read-tree', head], undefined, env)
    git(root, [...split, 'update-index', '--index-info'], `100644 ${blob}\t${path}\n`, env)
    tree = git(root, [...split, 'write-tree'], undefined, env).trim()
  } else {
    // Rebuild only the trees on the changed path, from the last commit's.
    const parts = path.split('/')
    const rebuild = (base: string, at: number): string => {
      const rows = git(root, ['ls-tree', '-z', base ? `${head}:${base}` : `${head}^{tree}`]).split('\0').filter(Boolean)
      const name = parts[at]!
      const sub = base ? `${base}/${name}` : name
      const entry = at === parts.length - 1 ? `100644 blob ${blob}\t${name}` : `040000 tree ${rebuild(sub, at + 1)}\t${name}`
      const kept = rows.filter((r) => r.slice(r.indexOf('\t') + 1) !== name)
      return git(root, ['mktree', '-z'], [...kept, entry].join('\0') + '\0').trim()
    }
    tree = rebuild('', 0)
  }
  const commit = git(root, ['commit-tree', tree, '-p', head, '-m', `Kayıt ${n}`]).trim()
  git(root, ['update-ref', 'refs/heads/' + git(root, ['symbolic-ref', '--short', 'HEAD']).trim(), commit, head])
  // The repository's own index follows (syncRealIndex).
  git(root, ['update-index', '--add', '--index-info'], `100644 ${blob}\t${path}\n`)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const mb = (b: number) => (b / 1e6).toFixed(3)

for (const size of SIZES) {
  const list = posts(size)
  if (new Set(list.map((p) => p.id)).size !== size) throw new Error('ids not unique')
  console.log(`\n${size.toLocaleString('en')} posts (blogs.json ${mb(Buffer.byteLength(JSON.stringify(list, null, 2)))} MB), ${SAVES} saves each`)
  console.log('layout          | written per save (median, max) MB | new loose objects per save MB | index files MB')
  for (const layout of LAYOUTS) {
    const root = mkdtempSync(join(tmpdir(), `folder-layout-${layout}-`))
    try {
      const copy = structuredClone(list)
      setUp(root, layout, copy)
      const written: number[] = []
      const objects: number[] = []
      for (let n = 0; n < SAVES; n++) {
        const before = looseObjects(root)
        const start = io()
        save(root, layout, copy, (n * 7919) % size, n)
        written.push(io() - start)
        let added = 0
        for (const [name, bytes] of looseObjects(root)) if (!before.has(name)) added += bytes
        objects.push(added)
      }
      console.log(
        `${layout.padEnd(15)} | ${mb(median(written))} (${mb(Math.max(...written))}) | ${mb(median(objects))} | ${mb(indexBytes(root))}`,
      )
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }
}
