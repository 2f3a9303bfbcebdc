import { describe, expect, it } from 'vitest'
import { nginxMaps } from './static-host.ts'

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
