import { readCollectionSync } from '../schema/content-folder-read.ts'
import { login, median, percentile, startServer } from './lib.ts'

/**
 * Issue 21. At 1,000 and 10,000 blog posts, in the same run and server:
 * - save-to-live (the anchor): a post saved through the admin API, timed until its new title is served;
 * - preview open: POST /api/admin/preview with an unsaved title, then GET of the preview page, until its HTML is
 *   received (what 'Önizle' costs; goal ≤ 300 ms);
 * - scheduled publish lateness: 20 posts scheduled SCHEDULE_GAP_MS apart (default 4 ms a post), the first a few seconds after the last save (no
 *   save runs while one is due); each page polled every 20 ms from outside (no request publishes anything):
 *   lateness = first 200 minus its publishAt (goal: every one ≤ 2 s).
 */
const RUNS = Number(process.env.RUNS ?? 7)
const SIZES = (process.env.SIZES ?? '1000,10000').split(',').map(Number)
const port = Number(process.env.BENCH_PORT ?? 4351)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const turkey = (t: number) => `${new Date(t + 3 * 3600_000).toISOString().slice(0, 23)}+03:00`
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`

function form(post: Record<string, unknown>, title: string, extra: Record<string, string> = {}) {
  const body = new FormData()
  body.set('title', title)
  body.set('excerpt', post.excerpt as string)
  body.set('author', post.author as string)
  body.set('status', 'published')
  body.set('tags', JSON.stringify(post.tags))
  body.set('contentStructure', JSON.stringify(post.contentStructure))
  for (const [k, v] of Object.entries(extra)) body.set(k, v)
  return body
}

for (const posts of SIZES) {
  const server = await startServer(port, {}, { posts })
  try {
    const cookie = await login(server.base)
    const all = readCollectionSync(server.contentDir, 'blogs') as Record<string, unknown>[]
    const post = all.find((p) => p.status !== 'draft')!
    const id = post.id as string
    const address = (post.slug as string) || id
    const saves: number[] = []
    const previews: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const marker = `Ölçüm ${Date.now()}-${i}`
      let started = performance.now()
      const res = await fetch(`${server.base}/api/admin/blogs/${id}`, { method: 'PUT', headers: { cookie }, body: form(post, `${post.title as string} ${marker}`) })
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
      for (;;) {
        if ((await (await fetch(`${server.base}/blog/${address}`)).text()).includes(marker)) break
        await sleep(5)
      }
      saves.push(performance.now() - started)
      await sleep(200)

      const unsaved = `Önizleme ${marker}`
      const data = { title: unsaved, excerpt: post.excerpt, author: post.author, status: 'published', tags: post.tags, contentStructure: post.contentStructure }
      started = performance.now()
      const made = await fetch(`${server.base}/api/admin/preview`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ collection: 'blogs', id, data }),
      })
      if (!made.ok) throw new Error(`preview ${made.status} ${await made.text()}`)
      const { url } = (await made.json()).data
      const html = await (await fetch(`${server.base}${url}`)).text()
      previews.push(performance.now() - started)
      if (!html.includes(unsaved)) throw new Error('preview without the unsaved title')
      await sleep(200)
    }
    console.log(`${posts} posts: save-to-live ${fmt(saves)}; preview open ${fmt(previews)} (${RUNS} each)`)

    // 20 scheduled publishes. Every publishAt lies after the last save, so no save competes with a due publish:
    // the posts are created scheduled a day ahead (never due here), then each is given its real time, the first
    // SCHEDULE_MARGIN_MS after the re-scheduling saves are expected to end (twice the creation pace), GAP apart.
    // A post appearing changes every list page (~90 at 1,000 posts, ~850 at 10,000), so publishing one takes
    // 1–3 s at 1,000 posts: 1.5 s apart they queued behind each other. The default gap (4 ms a post: 4 s at 1,000,
    // 40 s at 10,000) leaves each publish its time, as real schedules (minutes apart) do.
    // The first also gets a gap's time after the saves: at 10,000 posts its publish (~850 pages) takes 15–20 s.
    const GAP = Number(process.env.SCHEDULE_GAP_MS ?? Math.max(1500, posts * 4))
    const MARGIN = Number(process.env.SCHEDULE_MARGIN_MS ?? Math.max(5000, GAP))
    const created: { id: string; slug: string; title: string }[] = []
    const createStart = performance.now()
    for (let i = 0; i < 20; i++) {
      const title = `Zamanlanmış ölçüm ${Date.now()} ${i}`
      const res = await fetch(`${server.base}/api/admin/blogs`, { method: 'POST', headers: { cookie }, body: form(post, title, { publishAt: turkey(Date.now() + 86_400_000) }) })
      if (!res.ok) throw new Error(`schedule ${res.status} ${await res.text()}`)
      const made = (await res.json()).data
      created.push({ id: made.id, slug: made.slug || made.id, title })
    }
    const perSave = (performance.now() - createStart) / 20
    const first = Date.now() + Math.ceil(2 * 20 * perSave) + MARGIN
    const scheduled: { slug: string; at: number }[] = []
    for (const [i, c] of created.entries()) {
      const at = first + i * GAP
      const res = await fetch(`${server.base}/api/admin/blogs/${c.id}`, { method: 'PUT', headers: { cookie }, body: form(post, c.title, { publishAt: turkey(at) }) })
      if (!res.ok) throw new Error(`reschedule ${res.status} ${await res.text()}`)
      scheduled.push({ slug: c.slug, at })
    }
    const lastSave = Date.now()
    const valid = lastSave < first
    console.log(
      `${posts} posts: 20 schedules saved (${perSave.toFixed(0)} ms a save); the first due ${first - lastSave} ms after the last save` +
        (valid ? '' : ' — INVALID run: a save ended after the first due time (raise SCHEDULE_MARGIN_MS)'),
    )
    const late: number[] = []
    const pending = new Set(scheduled)
    const early: string[] = []
    while (pending.size) {
      await Promise.all(
        [...pending].map(async (s) => {
          const status = (await fetch(`${server.base}/blog/${s.slug}`)).status
          if (status === 200 && pending.has(s)) {
            pending.delete(s)
            const lateness = Date.now() - s.at
            if (lateness < 0) early.push(s.slug)
            late.push(lateness)
          }
        }),
      )
      await sleep(20)
    }
    console.log(
      `${posts} posts: 20 scheduled publishes late by ${fmt(late)} (min ${Math.min(...late).toFixed(0)} ms); ` +
        `early: ${early.length}; every one ≤ 2 s: ${late.every((l) => l <= 2000) ? 'yes' : 'NO'}`,
    )
  } finally {
    await server.stop()
    await sleep(1000)
  }
}
