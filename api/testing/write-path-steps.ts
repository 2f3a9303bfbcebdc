import { readFile, rm, writeFile } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'
import { join } from 'node:path'
import { CONTENT_NAMES } from '../store/content-types.ts'
import { git, remoteFixture, type Post } from './remote-fixture.ts'
import { adminCookie, formRequest, jsonRequest } from './test-helpers.ts'
import { collectionPath, layoutOf, readCollection, refusedAtStart, writeCollection } from './content-files.ts'

/**
 * Seeded random sequences over every content write path (issue 27): admin creations (long and equal titles, two
 * at once, odd characters), edits with typed addresses, deletes, maintainer pushes from a second clone (edits,
 * adds, deletes, renames, reverts, force-pushed rollbacks, files over the limit), take/keep, restores, restarts.
 * After every step the invariants hold, or `run` throws naming the step: every content file on disk is one the
 * loader accepts, the server's clone is clean, no listed conflict covers a whole file, a restart comes back with
 * exactly the same content, and every acknowledged admin save of a post git never touched is live.
 * Used by api/write-paths.property.test.ts (100 steps) and bench/write-paths-property.ts (2,000).
 */
const gitOk = (cwd: string, ...args: string[]) => {
  try {
    git(cwd, ...args)
    return true
  } catch {
    return false
  }
}

/** mulberry32: a small seeded generator, so a failing sequence can be run again from its seed. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! }
}

const LONG = `${'a'.repeat(77)} bc de fg`
const TITLES = [LONG, `${LONG} h`, 'Aynı Başlık', 'Aynı Başlık', 'İSTANBUL "tırnak" <b>kalın</b> & şğüöçı', 'x'.repeat(300), '---', 'Çığır Açan e-Fatura']
const SLUGS = ['ortak-adres', 'e-fatura', 'yeni-adres', 'a'.repeat(80)]

export type StepReport = { steps: number; kinds: Record<string, number>; violations: string[] }

export async function runWritePathSteps(seed: number, steps: number, log: (line: string) => void = () => {}): Promise<StepReport> {
  const r = random(seed)
  const fixture = await remoteFixture('write-paths')
  const { t, branch, maintainer } = fixture
  const kinds: Record<string, number> = {}
  const violations: string[] = []
  try {
    let cookie = fixture.cookie
    /** Acknowledged admin saves: id → title (null: deleted), for posts no git step touched since. */
    const acknowledged = new Map<string, string | null>()
    const posts = () => t.deps.content.read('blogs') as unknown as Post[]
    // Quiet means: no commit or push waiting and no sync running. A refused push starts a sync in the background,
    // and a sync's merge queues a commit and a push, so both are waited for until neither has work.
    const settle = async () => {
      const sync = () => t.deps.content.sync
      do {
        await t.deps.content.settled()
        await sync()?.idle()
        await sync()?.settled()
        await t.deps.content.settled()
      } while (sync()?.busy())
    }
    const sync = async () => {
      await t.deps.content.sync!.trigger()
      await settle()
    }
    const fields = (p: Post, title: string, slug?: string) => ({
      title,
      excerpt: p.excerpt,
      author: p.author,
      tags: JSON.stringify(p.tags),
      contentStructure: JSON.stringify(p.contentStructure),
      ...(slug ? { slug } : {}),
    })
    const pushFrom = async (message: string, change: () => Promise<void> | void, force = false) => {
      gitOk(maintainer, 'pull', '-q', '--ff-only') || git(maintainer, 'reset', '-q', '--hard', `origin/${branch}`)
      await change()
      git(maintainer, 'add', '-A')
      git(maintainer, 'commit', '-q', '--allow-empty', '-m', message)
      if (!gitOk(maintainer, 'push', '-q', ...(force ? ['--force'] : []))) {
        gitOk(maintainer, 'pull', '-q', '--rebase') && gitOk(maintainer, 'push', '-q')
      }
    }
    const editRemotePosts = async (fn: (list: Post[]) => void) => {
      const list = readCollection<Post[]>(maintainer, 'blogs')
      fn(list)
      // In a maintainer's layout: the one file, or each post file written, with two or four spaces.
      await writeCollection(maintainer, 'blogs', list, { space: r.pick([2, 4]) })
    }
    /** What a maintainer would look at when the folder is not clean: is it lasting, and what differs from HEAD. */
    const dirtyReport = async () => {
      const at = (args: string[]) => {
        try {
          return git(t.contentDir, ...args)
        } catch (err) {
          return `(${(err as Error).message.split('\n')[0]})`
        }
      }
      const report = [
        `status: ${JSON.stringify(at(['status', '--porcelain', '--untracked-files=no']))}`,
        `log: ${at(['log', '-4', '--format=%h %p %s'])}`,
        `diff HEAD: ${at(['diff', '--stat', 'HEAD'])}`,
        `diff: ${at(['diff', 'HEAD', '--', collectionPath('blogs', layoutOf(t.contentDir, 'blogs'))]).slice(0, 3000)}`,
        `server: ${JSON.stringify({ git: { ...t.deps.content.status().git, conflicts: undefined } })}`,
      ]
      await new Promise((done) => setTimeout(done, 5000))
      await settle()
      report.push(`5 s later: ${JSON.stringify(at(['status', '--porcelain', '--untracked-files=no']))}`)
      return report.join('\n')
    }
    const touch = (id: string | undefined) => id && acknowledged.delete(id)
    const snapshot = () => Object.fromEntries(CONTENT_NAMES.map((n) => [n, t.deps.content.read(n)]))

    const ops: Record<string, (step: number) => Promise<void>> = {
      async create(step) {
        const title = `${r.pick(TITLES)}`.slice(0, 290) + (r.next() < 0.5 ? '' : ` ${step}`)
        const one = () => formRequest(t, 'POST', '/api/admin/blogs', { title, contentStructure: '[]' }, cookie)
        const answers = r.next() < 0.3 ? await Promise.all([one(), one()]) : [await one()]
        for (const res of answers) {
          if (res.status !== 200) throw new Error(`create answered ${res.status}`)
          const data = (await res.json()).data as Post
          acknowledged.set(data.id, data.title)
        }
      },
      async edit(step) {
        const p = r.pick(posts())
        const res = await formRequest(t, 'PUT', `/api/admin/blogs/${p.id}`, fields(p, `Düzenlendi ${step} ${r.pick(TITLES)}`.slice(0, 300), r.next() < 0.3 ? r.pick(SLUGS) : undefined), cookie)
        if (res.status === 200) acknowledged.set(p.id, ((await res.json()).data as Post).title)
        else if (res.status !== 400) throw new Error(`edit answered ${res.status}`)
      },
      async remove() {
        const mine = posts().filter((p) => acknowledged.has(p.id))
        if (mine.length === 0) return
        const p = r.pick(mine)
        const res = await jsonRequest(t, 'DELETE', `/api/admin/blogs/${p.id}`, undefined, cookie)
        if (res.status === 200) acknowledged.set(p.id, null)
      },
      async gitEdit(step) {
        await pushFrom(`düzenleme ${step}`, () =>
          editRemotePosts((list) => {
            const p = r.pick(list)
            touch(p.id)
            p.title = `Git ${step}`
          }),
        )
      },
      async gitAdd(step) {
        await pushFrom(`ekleme ${step}`, () =>
          editRemotePosts((list) => void list.push({ id: `git-${seed}-${step}`, title: `Git yazısı ${step}`, excerpt: '', author: 'B', tags: [], createdAt: '2026-01-01T00:00:00.000Z' } as never)),
        )
      },
      async gitDelete(step) {
        await pushFrom(`silme ${step}`, () =>
          editRemotePosts((list) => {
            const at = r.int(list.length)
            touch(list[at]?.id)
            list.splice(at, 1)
          }),
        )
      },
      async gitBadFile(step) {
        // A deletion, a rename or a file over the limit: refused at sync, then reverted by the maintainer.
        const kind = r.pick(['delete', 'rename', 'huge'] as const)
        await pushFrom(`kötü dosya ${step}`, async () => {
          if (kind === 'delete') await rm(join(maintainer, 'about.json'))
          else if (kind === 'rename') git(maintainer, 'mv', 'programs.json', 'programlar.json')
          else await writeFile(join(maintainer, 'about.json'), (await readFile(join(maintainer, 'about.json'), 'utf8')) + ' '.repeat(65 * 1024 * 1024))
        })
        await sync()
        if (!t.deps.content.status().git!.sync!.refused.length) throw new Error(`a ${kind} was not refused`)
        git(maintainer, 'revert', '--no-edit', 'HEAD')
        gitOk(maintainer, 'push', '-q') || (gitOk(maintainer, 'pull', '-q', '--rebase') && gitOk(maintainer, 'push', '-q'))
      },
      async gitRollback(step) {
        await pushFrom(`geri alınacak ${step}`, () =>
          editRemotePosts((list) => {
            const p = r.pick(list)
            touch(p.id)
            p.title = `Geri alınacak ${step}`
          }),
        )
        await sync()
        git(maintainer, 'pull', '-q', '--ff-only')
        git(maintainer, 'reset', '-q', '--hard', 'HEAD~1')
        git(maintainer, 'push', '-q', '--force')
      },
      sync,
      async resolve() {
        const listed = t.deps.content.status().git?.conflicts ?? []
        if (listed.length === 0) return
        const c = r.pick(listed)
        const res = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${c.id}/${r.pick(['take', 'keep'])}`, {}, cookie)
        if (![200, 409, 422].includes(res.status)) throw new Error(`conflict answered ${res.status}`)
        touch(c.itemId)
      },
      async restore() {
        const p = r.pick(posts())
        const list = await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${p.id}`, undefined, cookie)).json()
        const entry = list.data?.length ? r.pick(list.data as { commit: string }[]) : null
        if (!entry) return
        const res = await jsonRequest(t, 'POST', '/api/admin/history/blogs/restore', { commit: entry.commit, id: p.id }, cookie)
        if (res.status === 200) acknowledged.set(p.id, ((await res.json()).data as Post).title)
        else if (![404, 409, 422].includes(res.status)) throw new Error(`restore answered ${res.status}`)
      },
      async restart() {
        // Synced first: a start pushes and, when the remote moved, fetches at once (issue 29); the comparison is
        // about what the start loads, not about a merge it then makes.
        await sync()
        const before = snapshot()
        t.deps.content.close()
        await settle()
        await t.restart()
        cookie = await adminCookie(t)
        await settle()
        const after = JSON.parse(JSON.stringify(snapshot()))
        const differ = CONTENT_NAMES.filter((n) => !isDeepStrictEqual(after[n], JSON.parse(JSON.stringify(before[n]))))
        if (differ.length) throw new Error(`a restart came back with other content: ${differ.join(', ')}`)
      },
    }
    const weights: [string, number][] = [['create', 5], ['edit', 6], ['remove', 2], ['gitEdit', 4], ['gitAdd', 2], ['gitDelete', 2], ['gitBadFile', 1], ['gitRollback', 1], ['sync', 5], ['resolve', 2], ['restore', 2], ['restart', 1]]
    const total = weights.reduce((n, [, w]) => n + w, 0)
    const choose = () => {
      let x = r.next() * total
      for (const [name, w] of weights) if ((x -= w) < 0) return name
      return 'sync'
    }
    for (let step = 1; step <= steps; step++) {
      const kind = choose()
      kinds[kind] = (kinds[kind] ?? 0) + 1
      if (process.env.WRITE_PATHS_VERBOSE) log(`step ${step}: ${kind}`)
      try {
        await ops[kind]!(step)
        await settle()
        for (const name of CONTENT_NAMES) {
          const refused = await refusedAtStart(t.contentDir, name)
          if (refused.length) throw new Error(`${name} would be refused at start: ${refused.join('; ')}`)
        }
        // A sync the server retries on its own after a refused file (its back-off timer) may start right after the
        // settle and be mid-merge now (a sync writes a file before its commit): then quiet again and look once more.
        let dirty = git(t.contentDir, 'status', '--porcelain')
        if (dirty) {
          await settle()
          dirty = git(t.contentDir, 'status', '--porcelain')
        }
        if (dirty) throw new Error(`git status: ${dirty}\n${await dirtyReport()}`)
        if ((t.deps.content.status().git?.conflicts ?? []).some((c) => c.path.length === 0)) throw new Error('a conflict covers a whole file')
        for (const [id, title] of acknowledged) {
          const live = posts().find((p) => p.id === id)
          if ((live?.title ?? null) !== title) throw new Error(`acknowledged save lost: ${id} is ${live?.title ?? 'gone'}, was saved as ${title ?? 'deleted'}`)
        }
      } catch (err) {
        violations.push(`seed ${seed}, step ${step} (${kind}): ${(err as Error).message}`)
        log(violations.at(-1)!)
        break
      }
      if (step % 25 === 0) log(`seed ${seed}: ${step} steps`)
    }
    return { steps, kinds, violations }
  } finally {
    await fixture.close()
  }
}
