import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileOf, layoutOf, readCollection } from '../api/testing/content-files.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../api/testing/test-helpers.ts'
import { entryText } from '../schema/content-layout.ts'
import { median } from './lib.ts'

/**
 * 'Geçmiş' open time with many commits of other items (issue 27 point 7, decision 272): the real app (in process,
 * git on, demo content) where post B has 7 versions; `GET /api/admin/history/blogs?id=B` timed `ROUNDS` times
 * (default 9) first with only B's commits (the baseline), then after `COMMITS` commits (default 5,000, git
 * fast-import) that change post A (its own file since decision 333; the same blogs.json with CONTENT_FOLDERS=off),
 * once the item index has caught up after a restart (its first scan of those commits is timed too), and right after
 * one more save of A (the history then scans that commit).
 * Also `history.list` alone (in the store, no HTTP). Goal: ≤ 200 ms after 5,000 commits.
 */
const COMMITS = Number(process.env.COMMITS ?? 5000)
const ROUNDS = Number(process.env.ROUNDS ?? 9)
const A = 'blog-e-imza-nedir'
const B = 'blog-e-fatura-rehberi'

const gitIn = (cwd: string, args: string[], input?: Buffer) =>
  execFileSync('git', args, { cwd, input, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }).trim()

const form = (title: string) => {
  const body = new FormData()
  body.append('title', title)
  body.append('excerpt', 'Özet')
  body.append('author', 'Yazar')
  body.append('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin' }]))
  return body
}

/** `count` commits changing post A's title; the last puts the file back as it is on disk (the folder stays clean). */
async function commitsToA(dir: string, count: number) {
  // The layout the test app keeps posts in, as the server now does (a file per post, decision 333): the commits
  // change A's own file, as a deployment's history has them; blogs.json only with CONTENT_FOLDERS=off.
  const layout = layoutOf(dir, 'blogs')
  const file = fileOf('blogs', A, layout)
  const disk = await readFile(join(dir, file))
  const posts = readCollection<{ id: string; title: string }[]>(dir, 'blogs')
  const text = () => (layout === 'folder' ? entryText(posts.find((p) => p.id === A)) : JSON.stringify(posts, null, 2))
  const branch = gitIn(dir, ['symbolic-ref', 'HEAD'])
  const chunks: Buffer[] = []
  const start = Math.floor(Date.now() / 1000) + 10
  for (let i = 0; i < count; i++) {
    posts.find((p) => p.id === A)!.title = `Başka yazı ${i}`
    const bytes = i === count - 1 ? disk : Buffer.from(text())
    const message = Buffer.from(`Blog yazısı güncellendi: ${i}`)
    chunks.push(
      Buffer.from(
        `commit ${branch}\nauthor Mehmet <mehmet@ornek.com> ${start + i} +0300\n` +
          `committer Mehmet <mehmet@ornek.com> ${start + i} +0300\ndata ${message.length}\n`,
      ),
      message,
      Buffer.from(`\n${i === 0 ? `from ${branch}^0\n` : ''}M 100644 inline ${file}\ndata ${bytes.length}\n`),
      bytes,
      Buffer.from('\n'),
    )
  }
  gitIn(dir, ['fast-import', '--quiet'], Buffer.concat(chunks))
  gitIn(dir, ['gc', '-q'])
}

async function timeHistory(t: TestApp, cookie: string, rounds: number) {
  const times: number[] = []
  let versions = 0
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    const res = await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${B}`, undefined, cookie)
    versions = ((await res.json()).data as unknown[]).length
    times.push(performance.now() - started)
  }
  return { times, versions }
}

async function untilReady(t: TestApp) {
  const started = performance.now()
  while (!t.deps.content.itemIndex?.ready) await new Promise((r) => setTimeout(r, 20))
  return performance.now() - started
}

const t = await createTestApp({ contentVersioning: { git: {} } })
try {
  let cookie = await adminCookie(t)
  for (let i = 1; i <= 6; i++)
    await t.app.request(`/api/admin/blogs/${B}`, { method: 'PUT', headers: { cookie }, body: form(`B ${i}`) })
  await t.deps.content.settled()
  await untilReady(t)
  const base = await timeHistory(t, cookie, ROUNDS)
  t.deps.content.close()
  await t.deps.content.settled()
  const made = performance.now()
  await commitsToA(t.contentDir, COMMITS)
  const makeMs = performance.now() - made
  const restarted = performance.now()
  await t.restart()
  const readyMs = await untilReady(t)
  const startMs = performance.now() - restarted
  cookie = await adminCookie(t)
  const after = await timeHistory(t, cookie, ROUNDS)
  // The store's own part (index, git, field diff), apart from HTTP, sessions and the machine's other work.
  const inStore: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    await t.deps.content.history!.list({ name: 'blogs', id: B })
    inStore.push(performance.now() - started)
  }
  const fresh: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    await t.app.request(`/api/admin/blogs/${A}`, { method: 'PUT', headers: { cookie }, body: form(`A ${i}`) })
    await t.deps.content.settled()
    fresh.push((await timeHistory(t, cookie, 1)).times[0]!)
  }
  const ms = (v: number) => `${v.toFixed(0)} ms`
  console.log(
    `item history: B's 'Geçmiş' (${base.versions} versions) median ${ms(median(base.times))} with its own commits ` +
      `only; after ${COMMITS} commits of post A (made in ${ms(makeMs)}): ${after.versions} versions, median ` +
      `${ms(median(after.times))}, max ${ms(Math.max(...after.times))} (goal ≤ 200 ms), of which history.list in the store median ${ms(median(inStore))}; right after one more ` +
      `save of A: median ${ms(median(fresh))}. The index's first scan of the ${COMMITS} commits after the restart: ` +
      `${ms(readyMs)} in the background (restart to ready ${ms(startMs)}).`,
  )
} finally {
  t.deps.content.close()
  await t.deps.content.settled()
  await t.cleanup()
}
