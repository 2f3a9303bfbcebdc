import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HtmlValidate, type ConfigData } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdminBuilt } from '#api/publish/admin-build.ts'
import { ensureCodeBuilt } from '#api/publish/code-build.ts'
import { listExportFiles } from '#api/publish/export-folder.ts'
import { createSitePublisher } from '#api/publish/site-publisher.ts'

/**
 * Keeps every public page and the admin shell valid HTML (decision 061): the whole export of the demo content,
 * rendered by the same publisher the server uses, checked with html-validate and the rules of .htmlvalidate.json,
 * plus the two checks of the W3C Nu checker that html-validate lacks.
 */
const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4399'
let root: string
let publisher: ReturnType<typeof createSitePublisher>
let live: string
let validator: HtmlValidate

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'html-validity-'))
  const content = join(root, 'content')
  await cp(join(repoRoot, 'content'), content, { recursive: true })
  const code = await ensureCodeBuilt(repoRoot, siteUrl)
  publisher = createSitePublisher({
    repoRoot,
    contentDir: content,
    buildRoot: join(root, 'build'),
    siteUrl,
    code: async () => code,
  })
  await publisher.ensureLive()
  live = join(root, 'build', 'live')
  validator = new HtmlValidate(
    JSON.parse(await readFile(join(repoRoot, '.htmlvalidate.json'), 'utf8')) as ConfigData,
  )
}, 240_000)
afterAll(() => rm(root, { recursive: true, force: true }))

/** html-validate's messages for a document, as 'line:column rule: message' lines. */
async function problems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name)
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${name} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  )
}

/**
 * Errors of the W3C Nu checker that html-validate does not report: a <style> in <body> that is not its parent's
 * first child (Astro puts one right before a page's first island), anything after </html> (a page's own <script>
 * outside its layout), and an iframe sandbox allowing both scripts and its own origin.
 */
function nuOnlyProblems(html: string, name: string): string[] {
  const out: string[] = []
  const body = html.slice(html.search(/<body[\s>]/i))
  for (const m of body.matchAll(/<style[\s>]/gi)) {
    if (!/<(?!\/)[a-z][^<>]*>$/i.test(body.slice(0, m.index)))
      out.push(`${name}: <style> that is not the first child of its parent`)
  }
  if (/<\/html>\s*\S/i.test(html)) out.push(`${name}: content after </html>`)
  for (const m of html.matchAll(/<iframe[^>]*\ssandbox="([^"]*)"/gi))
    if (/allow-scripts/.test(m[1]!) && /allow-same-origin/.test(m[1]!))
      out.push(`${name}: iframe sandbox with allow-scripts and allow-same-origin`)
  return out
}

describe('HTML validity', () => {
  it('every page of the export is valid, declares its charset in the first 1,024 bytes and is served as UTF-8', async () => {
    const pages = (await listExportFiles(live)).filter((f) => f.endsWith('.html'))
    // Home, lists, posts, projects, contact, viewer and its shell, library, 404 and maintenance.
    expect(pages.length).toBeGreaterThan(15)
    for (const need of [
      '/index.html',
      '/iletisim/index.html',
      '/404.html',
      '/bakim/index.html',
      '/xml-goruntuleyici/kabuk.html',
    ])
      expect(pages).toContain(need)
    const found: string[] = []
    for (const page of pages) {
      const html = await readFile(join(live, page), 'utf8')
      found.push(...(await problems(html, page)), ...nuOnlyProblems(html, page))
      const head = Buffer.from(html).subarray(0, 1024).toString('latin1')
      if (!/<meta charset="?utf-8"?/i.test(head))
        found.push(`${page}: no <meta charset> in the first 1,024 bytes`)
      const type = publisher.site().get(page)?.type
      if (type !== 'text/html; charset=utf-8') found.push(`${page}: served as ${type}`)
    }
    expect(found).toEqual([])
  }, 120_000)

  it('the admin shell is valid', async () => {
    const dist = await ensureAdminBuilt(repoRoot)
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    expect([...(await problems(html, '/admin/')), ...nuOnlyProblems(html, '/admin/')]).toEqual([])
  }, 180_000)

  it('catches what it is meant to catch', async () => {
    const page = await readFile(join(live, 'iletisim', 'index.html'), 'utf8')
    const broken =
      page.replace(
        '</main>',
        '<div><p>x</p><style>p{}</style></div><a href="/"><button>x</button></a></main>',
      ) + '<iframe title="x" src="https://harita.ornek/" sandbox="allow-scripts allow-same-origin"></iframe>'
    expect((await problems(broken, 'x')).join('\n')).toMatch(/element-permitted-content/)
    expect(nuOnlyProblems(broken, 'x')).toHaveLength(3)
  })
})
