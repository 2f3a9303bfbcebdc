import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listExportFiles } from './export-folder.ts'
import type { PublishTree } from './export-trees.ts'
import { movedAddressList } from './moved-addresses.ts'
import { createStaticHost, HOST_FILES, nginxMaps } from './static-host.ts'
import { BASES, movedSteps, PARTS, referenceList } from '../testing/moved-steps.ts'
import { testCleanups } from '../testing/temp-folders.ts'

/** Host files grouped by section (decision 330): the maps at 10,000 posts are small and a new post changes nothing. */
const policy = (csp: string) => ({ csp, frameOptions: 'DENY', permissions: 'camera=()' })
const POST = policy("default-src 'self'; script-src 'self' 'sha256-yazi'")
const LIST = policy("default-src 'self'; script-src 'self' 'sha256-liste'")
const OWN = policy("default-src 'self'; script-src 'self' 'sha256-kendi'")

function site(posts: number, extra: [string, ReturnType<typeof policy>][] = []) {
  const pages = new Map<string, ReturnType<typeof policy>>([['/index.html', LIST], ['/blog/index.html', LIST], ['/404.html', OWN]])
  for (let i = 0; i < posts; i++) pages.set(`/blog/yazi-${i}/index.html`, POST)
  for (const [file, p] of extra) pages.set(file, p)
  return pages
}

describe('nginx maps grouped by section', () => {
  it('list the posts of a section as one regex key, whatever their number', () => {
    const maps = nginxMaps(site(10_000))
    expect(maps).toContain('~^/blog/[^/]+/index\\.html$')
    expect(maps).not.toContain('yazi-')
    expect(maps.length).toBeLessThan(5_000)
  })

  it('do not change when a post with the section\'s policy is added or removed', () => {
    expect(nginxMaps(site(10))).toBe(nginxMaps(site(11)))
    expect(nginxMaps(site(10))).toBe(nginxMaps(site(9)))
  })

  it('list a post with a policy of its own exactly (an exact key wins over the regex)', () => {
    const maps = nginxMaps(site(10, [['/blog/ozel/index.html', OWN]]))
    const own = /"\/blog\/ozel\/index\.html" "(p\d+)"/.exec(maps)?.[1]
    const section = /~\^\/blog\/\[\^\/\]\+\/index\\\.html\$ "(p\d+)"/.exec(maps)?.[1]
    expect(own).toBeDefined()
    expect(section).toBeDefined()
    expect(own).not.toBe(section)
    expect(maps).toContain(`"${own}" "${OWN.csp.replace(/'/g, "'")}"`)
  })

  it('need two pages on one policy before a section is grouped', () => {
    const maps = nginxMaps(site(1))
    expect(maps).toContain('"/blog/yazi-0/index.html"')
    expect(maps).not.toContain('~^/blog/')
  })
})

// What a publish carries from the last (the live policies, the moved addresses where no page is) against what a
// contributor new to the same tree writes from scratch, after every publish of a random sequence: pages added,
// changed (their policy too) and removed, posts renamed and scheduled, the clock moving on, publishes that fail
// after contributing (the live state stays), full publishes and a new map URL.
describe('host files carried from publish to publish', () => {
  const { temp } = testCleanups()
  const HOST = [HOST_FILES.headers, HOST_FILES.redirects, HOST_FILES.nginx]
  const CSPS = ["img-src 'self'", "img-src 'self' data:", "img-src https:"]
  const html = (csp: string, text: string) =>
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${csp}"></head><body>${text}</body></html>`

  async function hostFiles(dir: string) {
    const files = await listExportFiles(dir)
    const out: Record<string, string> = {}
    for (const file of HOST) out[file] = await readFile(join(dir, file), 'utf8')
    out.markers = files.filter((f) => f.startsWith('/_nginx-')).join()
    return out
  }

  for (const seed of [7, 8]) {
    it(`equal a full contribution on the same tree after each of 40 random publishes (seed ${seed})`, async () => {
      const root = await temp('static-host-carry-')
      const s = movedSteps(seed)
      const r = s.random
      const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!
      // Pages at the posts' and projects' possible addresses (so some old addresses have a page), and others.
      const pageFiles = [
        '/index.html', '/404.html', '/bakim/index.html', '/blog/index.html', '/iletisim/index.html',
        ...Object.keys(BASES).flatMap((base) => PARTS.slice(0, 8).map((p) => `/${base}/${p}/index.html`)),
        '/blog/id-1/index.html', '/blog/id-3/index.html',
      ]
      let mapUrl = 'https://harita.ornek.com/a'
      const options = (nginxMapsFile?: string) => ({
        mapUrl: () => mapUrl,
        https: true,
        moved: () => movedAddressList(s.read, s.clock.now),
        nginxMapsFile,
      })
      const host = createStaticHost(options(join(root, 'nginx-maps.conf')))
      let live = join(root, 'tree-0')
      for (const file of pageFiles.slice(0, 12)) {
        await mkdir(dirname(join(live, file)), { recursive: true })
        await writeFile(join(live, file), html(pick(CSPS), file))
      }
      const treeOf = (dir: string, publish: number, full: boolean, changed: string[], removed: string[]): PublishTree => ({
        dir, publish, full, changed: full ? ['*'] : changed, removed,
        write: async (file, body) => {
          await mkdir(dirname(join(dir, file)), { recursive: true })
          await writeFile(join(dir, file), body)
        },
        remove: (file) => rm(join(dir, file), { force: true }),
      })
      await host.contribute(treeOf(live, 0, true, [], []))
      await host.committed!()
      const seen = new Set<string>()
      for (let publish = 1; publish <= 40; publish++) {
        // Saves between publishes (the clock may move past a scheduled time with none).
        const saves = Math.floor(r() * 3)
        for (let k = 0; k < saves; k++) seen.add(s.step())
        const dir = join(root, `tree-${publish}`)
        await cp(live, dir, { recursive: true })
        // Each page the publish touched once: written (changed), or removed.
        const changed: string[] = []
        const removed: string[] = []
        for (const file of new Set(Array.from({ length: Math.floor(r() * 4) }, () => pick(pageFiles)))) {
          const there = await stat(join(dir, file)).then(() => true, () => false)
          if (there && r() < 0.3 && file !== '/index.html') {
            await rm(join(dir, file))
            removed.push(file)
          } else {
            await mkdir(dirname(join(dir, file)), { recursive: true })
            // Mostly the text only (the same policy), at times another policy.
            const csp = r() < 0.7 && there ? /content="([^"]*)"/.exec(await readFile(join(dir, file), 'utf8'))![1]! : pick(CSPS)
            await writeFile(join(dir, file), html(csp, `${file} ${publish}`))
            changed.push(file)
          }
        }
        if (r() < 0.05) mapUrl = `https://harita.ornek.com/${publish}`
        const full = r() < 0.05
        await host.contribute(treeOf(dir, publish, full, changed, removed))
        if (r() < 0.15) {
          // The publish fails after contributing: its tree goes, the live one stays.
          await rm(dir, { recursive: true })
          seen.add('başarısız yayın')
          continue
        }
        await host.committed!()
        live = dir
        // A contributor new to this tree (every file listed, every policy read) writes the same.
        const fresh = join(root, `fresh-${publish}`)
        await cp(live, fresh, { recursive: true })
        await createStaticHost(options()).contribute(treeOf(fresh, publish, true, [], []))
        const expected = await hostFiles(fresh)
        expect([publish, await hostFiles(live)]).toEqual([publish, expected])
        // And what the server redirects, worked out apart: every moved address of a live item where no page is.
        const hasPage = async (from: string) =>
          stat(join(live, from.endsWith('/') ? `${from}index.html` : `${from}/index.html`)).then(() => true, () => false)
        const redirects: string[] = []
        for (const [from, to] of referenceList(s.read, s.clock.now)) if (!(await hasPage(from))) redirects.push(`${from} ${to} 301`)
        const moves = expected[HOST_FILES.redirects]!.split('\n').filter((l) => /^\/(blog|sosyal-sorumluluk)\//.test(l))
        expect([publish, moves]).toEqual([publish, redirects])
        expect(await readFile(join(root, 'nginx-maps.conf'), 'utf8')).toBe(expected[HOST_FILES.nginx])
        await rm(fresh, { recursive: true })
      }
      expect(seen.size).toBeGreaterThanOrEqual(8)
    }, 120_000)
  }
})

describe('precompressed copies', () => {
  const { temp } = testCleanups()
  it('a file that shrank below the bound loses its .br and .gz (a part of the sitemap that lost entries)', async () => {
    const dir = await temp('static-host-small-')
    const tree = (publish: number, full: boolean, changed: string[]): PublishTree => ({
      dir, publish, full, changed: full ? ['*'] : changed, removed: [],
      write: async (file, body) => {
        await mkdir(dirname(join(dir, file)), { recursive: true })
        await writeFile(join(dir, file), body)
      },
      remove: (file) => rm(join(dir, file), { force: true }),
    })
    const host = createStaticHost({ mapUrl: () => undefined, https: false })
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Ana</title>')
    await writeFile(join(dir, 'sitemap-blog-3f.xml'), `<urlset>${'<url><loc>https://ornek.com/blog/x</loc></url>'.repeat(20)}</urlset>`)
    await host.contribute(tree(1, true, []))
    await host.committed!()
    expect(await listExportFiles(dir)).toEqual(expect.arrayContaining(['/sitemap-blog-3f.xml.br', '/sitemap-blog-3f.xml.gz']))
    await writeFile(join(dir, 'sitemap-blog-3f.xml'), '<urlset></urlset>')
    await host.contribute(tree(2, false, ['/sitemap-blog-3f.xml']))
    const files = await listExportFiles(dir)
    expect(files).toContain('/sitemap-blog-3f.xml')
    expect(files.filter((f) => f.startsWith('/sitemap-blog-3f.xml.'))).toEqual([])
  })
})
