import { expect, test } from 'playwright/test'

// Issue 13: every HTML answer carries a Content-Security-Policy (decision 018). These read the real headers of
// the running server and prove that the policy itself blocks what an injection would add.

const csp = (headers: Record<string, string>) => headers['content-security-policy'] ?? ''
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name)

test('the public pages, the XML viewer and its shell, the library and the admin carry the policy', async ({
  request,
}) => {
  for (const path of [
    '/',
    '/blog',
    '/xml-goruntuleyici',
    '/kutuphane',
    '/iletisim',
    '/yok-boyle-sayfa',
    '/admin/',
  ]) {
    const res = await request.get(path)
    const headers = res.headers()
    const policy = csp(headers)
    expect(policy, path).not.toBe('')
    expect(directive(policy, 'object-src'), path).toBe("object-src 'none'")
    expect(directive(policy, 'base-uri'), path).toBe("base-uri 'none'")
    expect(directive(policy, 'form-action'), path).toBe("form-action 'self'")
    expect(directive(policy, 'frame-ancestors'), path).toBe("frame-ancestors 'none'")
    const scripts = directive(policy, 'script-src') ?? ''
    expect(scripts, path).toMatch(/^script-src 'self'/)
    expect(scripts, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'/)
    expect(scripts.includes("'wasm-unsafe-eval'"), path).toBe(path === '/xml-goruntuleyici')
    expect(headers['permissions-policy'], path).toContain('camera=()')
    expect(headers['cross-origin-opener-policy'], path).toBe(path === '/admin/' ? 'same-origin' : undefined)
  }
  const map = directive(csp((await request.get('/iletisim')).headers()), 'frame-src')
  expect(map).toBe('frame-src https://www.openstreetmap.org')
  const viewer = csp((await request.get('/xml-goruntuleyici')).headers())
  expect(directive(viewer, 'frame-src')).toBe("frame-src 'self'")
  // The shell frame: framed by our page only, and the sandbox policy of decision 008 (no network, no frames).
  const shell = csp((await request.get('/xml-goruntuleyici/kabuk.html')).headers())
  expect(directive(shell, 'frame-ancestors')).toBe("frame-ancestors 'self'")
  expect(directive(shell, 'default-src')).toBe("default-src 'none'")
  expect(directive(shell, 'connect-src')).toBe("connect-src 'none'")
  expect(directive(shell, 'frame-src')).toBe("frame-src 'none'")
})

test('the policy itself blocks an injected inline script and event handlers in a copy of a built page', async ({
  page,
  request,
}) => {
  const original = await request.get('/')
  const headers = original.headers()
  const html = await original.text()
  // The injection comes first in <head>, before Astro's CSP <meta>: only the header can stop it there.
  const injected = html
    .replace('<head>', '<head><script>window.__injected = true</script>')
    .replace(
      '<body',
      '<img alt="" src="data:," onerror="window.__handler = true"><button id="x" onclick="window.__clicked = true">x</button><body',
    )
  expect(injected).toContain('window.__injected')
  const violations: string[] = []
  await page.exposeBinding('__violation', (_source, text: string) => void violations.push(text))
  await page.addInitScript(() =>
    addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __violation: (t: string) => void }).__violation(e.effectiveDirective),
    ),
  )
  await page.route('**/kopya-sayfa', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': headers['content-type']!, 'content-security-policy': csp(headers) },
      body: injected,
    }),
  )
  // The page as served raises no violation at all: its own inline scripts and styles are hashed at build.
  await page.goto('/')
  await page.waitForLoadState('load')
  expect(violations).toEqual([])
  await page.goto('/kopya-sayfa')
  await page.locator('#x').click()
  const ran = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>
    return [w.__injected, w.__handler, w.__clicked]
  })
  expect(ran).toEqual([undefined, undefined, undefined])
  // Refused by the policy (the header and, after it, the page's own <meta> each report what they block).
  await expect.poll(() => [...new Set(violations)].sort()).toEqual(['script-src-attr', 'script-src-elem'])
})
