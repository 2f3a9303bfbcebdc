import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ADMIN_CSP, adminHeaders, mapOrigin, pageCsp, pageHeaders, XML_SHELL_PATH } from './page-policy.ts'
import type { CachedFile } from './static-cache.ts'

const file = (html: string): CachedFile => ({
  type: 'text/html',
  etag: '"x"',
  size: html.length,
  body: Buffer.from(html),
})
const withMeta = (content: string) =>
  file(
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${content}"></head></html>`,
  )
const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))

describe('pageCsp', () => {
  it('takes script-src and style-src from the page meta, with the hashes of the inline elements the page has', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const [script, style] = ['console.log(1)', 'p{color:red}']
    const page = file(
      `<!doctype html><html><head><meta http-equiv="content-security-policy" content="script-src 'self' ${sha(script)} ${sha('elsewhere()')}; style-src 'self' ${sha(style)} ${sha('a{}')}">` +
        `<style>${style}</style><script type="module" src="/_astro/x.js"></script></head><body><script>${script}</script></body></html>`,
    )
    const policy = directives(pageCsp(page, { path: '/', https: false }))
    expect(policy).toMatchObject({
      'default-src': "'self'",
      // The site-wide hashes of scripts and styles this page does not have are left out.
      'script-src': `'self' ${sha(script)}`,
      'style-src': `'self' ${sha(style)}`,
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'frame-src': "'none'",
    })
  })

  it('gives each page its own directives when pages share some (one policy object per distinct policy)', () => {
    const [a, b, a2] = [
      withMeta("script-src 'self'; style-src 'self'"),
      withMeta("script-src 'self' https://a.example; style-src 'self'"),
      withMeta("script-src 'self'; style-src 'self'"),
    ]
    const csp = (f: CachedFile) => directives(pageCsp(f, { path: '/', https: false }))
    expect(csp(a)['script-src']).toBe("'self'")
    expect(csp(b)['script-src']).toBe("'self' https://a.example")
    expect(csp(a2)['script-src']).toBe("'self'")
    expect(csp(withMeta("script-src 'self'"))['style-src']).toBe("'self'")
    expect(csp(withMeta("script-src 'self' https://b.example"))['script-src']).toBe(
      "'self' https://b.example",
    )
  })

  it('without a meta is strict: no inline script or style at all', () => {
    const policy = directives(pageCsp(file('<p>x</p>'), { path: '/blog', https: false }))
    expect(policy['script-src']).toBe("'self'")
    expect(policy['style-src']).toBe("'self'")
  })

  it('lets /iletisim frame the map host from the contact settings only, over https', () => {
    const map = 'https://www.openstreetmap.org/export/embed.html?bbox=1'
    expect(
      directives(pageCsp(file(''), { path: '/iletisim/', mapUrl: map, https: false }))['frame-src'],
    ).toBe('https://www.openstreetmap.org')
    expect(directives(pageCsp(file(''), { path: '/', mapUrl: map, https: false }))['frame-src']).toBe(
      "'none'",
    )
    expect(mapOrigin('http://harita.ornek.com/x')).toBeNull()
    expect(mapOrigin('javascript:alert(1)')).toBeNull()
    expect(mapOrigin('')).toBeNull()
  })

  it('lets the XML viewer frame its own shell, and only the viewer frame the shell', () => {
    expect(directives(pageCsp(file(''), { path: '/xml-goruntuleyici', https: false }))['frame-src']).toBe(
      "'self'",
    )
    const shell = directives(
      pageCsp(withMeta("default-src 'none'; script-src 'unsafe-inline'"), {
        path: XML_SHELL_PATH,
        https: false,
      }),
    )
    expect(shell['frame-ancestors']).toBe("'self'")
    expect(shell['default-src']).toBe("'none'")
  })
})

describe('headers', () => {
  it('add Permissions-Policy everywhere, HSTS over https, COOP on the admin', () => {
    expect(pageHeaders(file(''), { path: '/', https: false })['strict-transport-security']).toBeUndefined()
    expect(pageHeaders(file(''), { path: '/', https: true })['strict-transport-security']).toBe(
      'max-age=31536000',
    )
    expect(pageHeaders(file(''), { path: '/', https: false })['permissions-policy']).toContain(
      'microphone=()',
    )
    const admin = adminHeaders(false)
    expect(admin['cross-origin-opener-policy']).toBe('same-origin')
    expect(admin['content-security-policy']).toBe(ADMIN_CSP)
    expect(ADMIN_CSP).not.toMatch(/unsafe/)
  })
})
