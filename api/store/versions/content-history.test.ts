import { expect, it } from 'vitest'
import type { ContentRepo } from '../git/content-repo.ts'
import { createContentHistory } from './content-history.ts'

const author = { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' }
const post = (id: string, title: string, blockId = 'b1') => ({
  id,
  title,
  contentStructure: [{ id: blockId, type: 'text', content: 'Metin', order: 0 }],
})

/** A repository of blogs.json with the given versions, oldest first (only what the history reads). */
function repoOf(versions: { message: string; posts: unknown[] }[]): ContentRepo {
  const commits = versions.map((v, i) => ({ commit: String(i).padStart(40, '0'), author, date: `2026-11-2${i}T10:00:00Z`, message: v.message }))
  const text = (commit: string) => JSON.stringify(versions[Number(commit)]!.posts)
  return {
    log: async () => [...commits].reverse(),
    show: async (commit: string) => text(commit),
    showMany: async (list: string[]) => new Map(list.map((c) => [c, text(c)])),
  } as unknown as ContentRepo
}

// Issue 30: a post's history listed another post's commit ('Blog yazısı eklendi: …') that only renumbered its
// blocks, with no change to show.
it("lists only the commits that changed the item in a way people can read, not other items' commits", async () => {
  const history = createContentHistory(
    Promise.resolve(
      repoOf([
        { message: 'Blog yazısı eklendi: Birinci', posts: [post('a', 'Birinci')] },
        { message: 'Blog yazısı eklendi: Sahada Çekilen Fotoğraflar', posts: [post('a', 'Birinci', 'b2'), post('b', 'Sahada')] },
        { message: 'Blog yazısı güncellendi: Birinci yazı', posts: [post('a', 'Birinci yazı', 'b2'), post('b', 'Sahada')] },
      ]),
    ),
  )
  const entries = await history.list({ name: 'blogs', id: 'a' })
  expect(entries.map((e) => e.message)).toEqual(['Blog yazısı güncellendi: Birinci yazı', 'Blog yazısı eklendi: Birinci'])
  expect(entries[0]!.changes).toEqual([{ field: 'title', label: 'Başlık', before: 'Birinci', after: 'Birinci yazı' }])
})
