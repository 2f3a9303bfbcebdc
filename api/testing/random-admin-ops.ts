import { cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { BlogPost } from '#schema/blog.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { openContentStore, type ContentStore } from '../store/content-store.ts'
import { copyContent, withTestLayout } from './content-files.ts'
import type { CodeBuild } from '../publish/code-build.ts'
import { isHostFile, listExportFiles } from '../publish/export-folder.ts'
import { MANIFEST_FILE } from '../publish/export-trees.ts'
import { etagOf } from '../publish/page-render.ts'
import { createSitePublisher } from '../publish/site-publisher.ts'
import { createStaticHost } from '../publish/static-host.ts'

/**
 * Seeded random admin operations on the content store, for the property test (incremental publishes equal a
 * full render, publish-property.test.ts) and its long run in bench/publish-property.ts. Each operation is what a
 * staff member's save does to the content: the same store calls the routes make.
 */

/** mulberry32: a small seeded generator; the same seed gives the same operations. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!
const day = (r: Random) => new Date(Date.parse('2019-01-01T09:00:00Z') + Math.floor(r() * 2500) * 86_400_000)
const WORDS = ['e-Fatura', 'e-Arşiv', 'mevzuat', 'Çağrı', 'ışık', 'GİB', 'şube', 'öğrenci', 'rehber', 'güncel']
const words = (r: Random, n: number) => Array.from({ length: n }, () => pick(r, WORDS)).join(' ')

/**
 * A copy of the demo posts and projects, `count` of each (some drafts), dated over six years so that the lists
 * run to several pages.
 */
export async function seedEntries(store: ContentStore, r: Random, count: number): Promise<void> {
  const posts = store.read('blogs')
  const projects = store.read('social-projects')
  templates.set(store, { blogs: posts[0]!, 'social-projects': projects[0]! })
  await store.update('blogs', (list) => {
    for (let i = 0; i < count; i++) list.push(newPost(r, posts[i % posts.length]!, `yazi-${i}`))
  })
  await store.update('social-projects', (list) => {
    for (let i = 0; i < count; i++) list.push(newProject(r, projects[i % projects.length]!, `proje-${i}`))
  })
}

function newPost(r: Random, base: BlogPost, id: string): BlogPost {
  const createdAt = day(r).toISOString()
  return {
    ...(JSON.parse(JSON.stringify(base)) as typeof base),
    id,
    title: `${words(r, 3)} ${id}`,
    status: r() < 0.85 ? 'published' : 'draft',
    createdAt,
    updatedAt: r() < 0.5 ? createdAt : undefined,
  }
}

function newProject(r: Random, base: SocialProject, id: string): SocialProject {
  const date = day(r)
  return {
    ...(JSON.parse(JSON.stringify(base)) as typeof base),
    id,
    title: `${words(r, 3)} ${id}`,
    status: r() < 0.85 ? 'published' : 'draft',
    project_date: date.toISOString().slice(0, 10),
    createdAt: date.toISOString(),
  }
}

type Entry = { id: string; status: string; createdAt: string; title: string; excerpt: string; updatedAt?: string }

/** Operations on posts and projects alike: the lists, their page counts and the pages between change. */
// A demo entry to copy when a list has been emptied by the operations.
const templates = new WeakMap<ContentStore, { blogs: BlogPost; 'social-projects': SocialProject }>()

function entryOps(r: Random, store: ContentStore, name: 'blogs' | 'social-projects', prefix: string) {
  const update = (change: (list: Entry[]) => void) => store.update(name, (list) => change(list as unknown as Entry[]))
  const template = templates.get(store)?.[name] ?? store.read(name)[0]
  const oldest = (list: Entry[]) => list.reduce((a, b) => (Date.parse(a.createdAt) <= Date.parse(b.createdAt) ? a : b))
  return {
    create: () =>
      update((list) => {
        const id = `${prefix}-${Math.floor(r() * 1e9).toString(36)}`
        const base = (pick(r, list) ?? template) as unknown
        list.push(
          (name === 'blogs' ? newPost(r, base as BlogPost, id) : newProject(r, base as SocialProject, id)) as unknown as Entry,
        )
      }),
    edit: () =>
      update((list) => {
        const e = pick(r, list)
        if (!e) return
        if (r() < 0.5) e.title = `${words(r, 2)} ${e.id}`
        else e.excerpt = words(r, 6)
        if (name === 'blogs' && r() < 0.5) e.updatedAt = day(r).toISOString()
      }),
    remove: () => update((list) => void (list.length && list.splice(list.indexOf(pick(r, list)), 1))),
    // The oldest entry sits on the last list page: its removal changes the count every page shows.
    removeOldest: () => update((list) => void (list.length && list.splice(list.indexOf(oldest(list)), 1))),
    publish: () =>
      update((list) => {
        const e = pick(r, list)
        if (e) e.status = e.status === 'published' ? 'draft' : 'published'
      }),
    redate: () =>
      update((list) => {
        const e = pick(r, list)
        if (e) e.createdAt = day(r).toISOString()
      }),
  }
}

/** One random admin operation, applied through the store; returns its name (for a failing run's report). */
export function randomAdminOp(r: Random, store: ContentStore): { name: string; run: () => Promise<unknown> } {
  const posts = entryOps(r, store, 'blogs', 'yeni-yazi')
  const projects = entryOps(r, store, 'social-projects', 'yeni-proje')
  const images = () => store.read('media').filter((m) => m.type === 'image')
  const ops: [number, string, () => Promise<unknown>][] = [
    [7, 'yazı ekle', posts.create],
    [8, 'yazı düzenle', posts.edit],
    [4, 'yazı sil', posts.remove],
    [2, 'en eski yazıyı sil', posts.removeOldest],
    [5, 'yazı yayımla/taslağa al', posts.publish],
    [3, 'yazı tarihini değiştir', posts.redate],
    [6, 'proje ekle', projects.create],
    [6, 'proje düzenle', projects.edit],
    [3, 'proje sil', projects.remove],
    [2, 'en eski projeyi sil', projects.removeOldest],
    [4, 'proje yayımla/taslağa al', projects.publish],
    [2, 'proje tarihini değiştir', projects.redate],
    [
      4,
      'yazı görseli değiştir',
      () =>
        store.update('blogs', (list) => {
          const post = pick(r, list)
          if (!post) return
          const src = pick(r, images()).url
          if (r() < 0.5) post.featuredImage = src
          else post.contentStructure.push({ id: `gorsel-${Math.floor(r() * 1e9)}`, type: 'image', content: '', src, alt: '' })
        }),
    ],
    [
      5,
      'medya alt metni',
      () =>
        store.update('media', (list) => {
          const item = pick(r, list)
          item.alt = r() < 0.2 ? '' : words(r, 3)
        }),
    ],
    [1, 'iletişim ayarları', () => store.update('contact-settings', (s) => void (s.phone = `+90 212 ${Math.floor(r() * 1e7)}`))],
    [1, 'ana sayfa', () => store.update('home', (h) => void (h.blog.title = words(r, 2)))],
    [1, 'hakkımızda', () => store.update('about', (a) => void (a.title1 = words(r, 2)))],
  ]
  let roll = r() * ops.reduce((sum, [w]) => sum + w, 0)
  for (const [weight, name, run] of ops) if ((roll -= weight) < 0) return { name, run }
  const [, name, run] = ops[ops.length - 1]!
  return { name, run }
}

/**
 * Every file of a tree and its bytes: pages, assets and what a static host reads beside them (`_headers`,
 * `_nginx.conf`, `.br`/`.gz`); not the manifest, which names the publish and its tree.
 */
async function exportFiles(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>()
  for (const file of (await listExportFiles(dir)).filter((f) => f !== MANIFEST_FILE).sort()) out.set(file, await readFile(join(dir, file)))
  return out
}

/** The static host's files, as the server adds them (https: with the HSTS rules). */
const hostFiles = (read: (name: string) => unknown) =>
  createStaticHost({ mapUrl: () => (read('contact-settings') as { mapUrl?: string } | null)?.mapUrl, https: true })

/**
 * A copy of the content with `seedCount` more posts and projects, published once, and `check()`: publish what was
 * changed since (incrementally), render the same content in full elsewhere and list every file of the export (and
 * every page the server would answer) that differs. Shared by the random operations and the scripted edits.
 */
async function oracle(o: { seed: number; seedCount: number; dir: string; repoRoot: string; siteUrl: string; code: CodeBuild }) {
  const { dir, repoRoot, siteUrl, code } = o
  const r = seededRandom(o.seed)
  const content = join(dir, 'content')
  await copyContent(join(repoRoot, 'content'), content)
  const store = await openContentStore(content, () => {}, withTestLayout())
  const publisher = createSitePublisher({
    repoRoot,
    contentDir: content,
    buildRoot: join(dir, 'build'),
    siteUrl,
    code: async () => code,
    read: (name) => (store.read as (n: string) => unknown)(name),
    contributors: [hostFiles((name) => (store.read as (n: string) => unknown)(name))],
  })
  await seedEntries(store, r, o.seedCount)
  await publisher.ensureLive()
  let checks = 0

  /** The differences after the changes so far, each prefixed with `at`; and the list pages of the full render. */
  async function check(at: string) {
    await publisher.publishNow()
    const incremental = await exportFiles(join(dir, 'build', 'live'))
    const index = publisher.site()
    const fullDir = join(dir, `full-${++checks}`)
    await cp(content, join(fullDir, 'content'), { recursive: true })
    const fullSettings = JSON.parse(await readFile(join(fullDir, 'content', 'contact-settings.json'), 'utf8')) as unknown
    const full = createSitePublisher({
      repoRoot,
      contentDir: join(fullDir, 'content'),
      buildRoot: join(fullDir, 'build'),
      siteUrl,
      code: async () => code,
      contributors: [hostFiles(() => fullSettings)],
    })
    await full.ensureLive()
    await full.stop()
    const reference = await exportFiles(join(fullDir, 'build', 'live'))
    await rm(fullDir, { recursive: true, force: true })
    const differences: string[] = []
    for (const file of new Set([...incremental.keys(), ...reference.keys()])) {
      const [a, b] = [incremental.get(file), reference.get(file)]
      if (!a || !b || !a.equals(b)) differences.push(`${at} ${file}: ${!a ? 'yalnız tam yayında' : !b ? 'yalnız artımlı yayında' : 'farklı'}`)
      // The server's live index answers the same bytes (its ETag is the file's hash; weak for large files).
      else if (!isHostFile(file) && !index.get(file)?.etag.startsWith('W/') && index.get(file)?.etag !== etagOf(b)) differences.push(`${at} ${file}: sunucunun dizini farklı`)
    }
    const listPages = [...reference.keys()].filter((f) => /^\/(blog|sosyal-sorumluluk-projelerimiz)\/sayfa\/\d+\/index\.html$/.test(f))
    return { differences, listPages }
  }
  return { r, store, publisher, check }
}

/**
 * Runs `ops` seeded random admin operations on 45 more posts and projects than the demo (several list pages of
 * each), publishing incrementally after some of them, and compares the result with a full render of the same
 * content (at the end, and every `checkEvery` operations): every file of the export and every page the server
 * would answer. Returns the differences (none expected), the operations and the list pages of the last check.
 */
export async function incrementalAgainstFull(o: {
  seed: number
  ops: number
  dir: string
  repoRoot: string
  siteUrl: string
  code: CodeBuild
  checkEvery?: number
  /** The chance of a publish after an operation (default one in two; else the next publish carries it too). */
  publishChance?: number
  /** Called after each check (the bench prints progress). */
  onCheck?: (done: number, differences: number) => void
}) {
  const { r, store, publisher, check } = await oracle({ ...o, seedCount: 45 })
  const done: string[] = []
  const differences: string[] = []
  let listPages: string[] = []
  let publishes = 0
  let checks = 0
  const checkNow = async () => {
    checks++
    const result = await check(`${done.length}. işlemden sonra`)
    differences.push(...result.differences)
    listPages = result.listPages
    o.onCheck?.(done.length, result.differences.length)
  }

  try {
    for (let i = 0; i < o.ops; i++) {
      const op = randomAdminOp(r, store)
      await op.run()
      done.push(op.name)
      // Sometimes a publish per save, sometimes several saves in one publish (the queue's debounce).
      if (r() < (o.publishChance ?? 0.5)) {
        await publisher.publishNow()
        publishes++
      }
      if (publisher.status().lastError) throw new Error(`${publisher.status().lastError} (after: ${done.join(', ')})`)
      if (o.checkEvery && (i + 1) % o.checkEvery === 0 && i + 1 < o.ops) await checkNow()
    }
    await checkNow()
  } finally {
    await publisher.stop()
  }
  return { differences, ops: done, listPages, publishes, checks }
}

/** One named edit a staff member's save makes, applied to the content store. */
export type ScriptedEdit = { name: string; run: (store: ContentStore) => Promise<unknown> }

/**
 * Each edit alone, then an incremental publish compared with a full render (issue 28: the random operations
 * never changed only a post's tags or only a project, so page keys missing those went unnoticed). Returns the
 * differences, each naming its edit.
 */
export async function editsAgainstFull(o: {
  edits: ScriptedEdit[]
  seedCount: number
  dir: string
  repoRoot: string
  siteUrl: string
  code: CodeBuild
}) {
  const { store, publisher, check } = await oracle({ ...o, seed: 28 })
  const differences: string[] = []
  try {
    for (const edit of o.edits) {
      await edit.run(store)
      differences.push(...(await check(`'${edit.name}' sonrası`)).differences)
      if (publisher.status().lastError) throw new Error(`${publisher.status().lastError} (after: ${edit.name})`)
    }
  } finally {
    await publisher.stop()
  }
  return { differences }
}
