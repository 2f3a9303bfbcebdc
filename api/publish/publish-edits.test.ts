import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureCodeBuilt, type CodeBuild } from './code-build.ts'
import { editsAgainstFull, type ScriptedEdit } from '../testing/random-admin-ops.ts'

const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4399'
let root: string
let code: CodeBuild
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'publish-edits-'))
  code = await ensureCodeBuilt(repoRoot, siteUrl)
}, 180_000)
afterAll(() => rm(root, { recursive: true, force: true }))

type Dated = { id: string; status: string; createdAt: string; title: string; tags?: string[] }
const published = (list: Dated[]) =>
  list.filter((e) => e.status === 'published').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))

/**
 * Issue 28: an audit left the tag list out of the /blog list pages' key, and the newest projects out of the home
 * page's key; the random operations never made such an edit alone, so the oracle never saw a stale page. Each edit
 * here changes one thing only, on a page other than the ones the entry's own key already re-renders.
 */
const EDITS: ScriptedEdit[] = [
  {
    // The oldest post sits on the last list page; the tag list shows on every list page.
    name: 'yalnız etiket',
    run: (store) =>
      store.update('blogs', (list) => {
        const oldest = published(list as Dated[]).at(-1)!
        oldest.tags = [...oldest.tags!, 'Yepyeni Etiket']
      }),
  },
  {
    // The home page shows the newest projects.
    name: 'yalnız proje',
    run: (store) =>
      store.update('social-projects', (list) => {
        published(list as Dated[])[0]!.title = 'Yalnız bu projenin başlığı değişti'
      }),
  },
  {
    name: 'yalnız sıra',
    run: async (store) => {
      await store.update('references', (refs) => void refs.cards.reverse())
      await store.update('home', (home) => void home.partners.cards.reverse())
    },
  },
  {
    // The alt text of the newest post's image: on the home page, the list page and the post's own page.
    name: 'yalnız medya',
    run: (store) => {
      const post = published(store.read('blogs') as Dated[])[0] as Dated & { featuredImage?: string }
      return store.update('media', (list) => {
        const item = list.find((m) => m.url === post.featuredImage) ?? list.find((m) => m.type === 'image')!
        item.alt = 'Yalnız bu görselin alt metni değişti'
      })
    },
  },
]

describe('incremental publishing after one kind of edit alone', () => {
  it('tag-only, project-only, order-only and media-only edits: every page equals a full render', async () => {
    // 15 more posts than the demo: two /blog list pages, so the oldest post is not on the first.
    const { differences } = await editsAgainstFull({ edits: EDITS, seedCount: 15, dir: join(root, 'edits'), repoRoot, siteUrl, code })
    expect(differences).toEqual([])
  }, 300_000)
})
