import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDependencies, describeViolation } from './dependency-rules.ts'

const repoRoot = join(import.meta.dirname, '..')

// Issue 28: the import rules of .dependency-cruiser.cjs hold over the repository.
describe('import rules (.dependency-cruiser.cjs)', () => {
  it('hold over api/, schema/, admin/src and site/src', async () => {
    const { violations, modules, dependencies } = await checkDependencies()
    expect(violations.map(describeViolation)).toEqual([])
    // The check read the code (a copy it could not parse would pass with nothing in it).
    expect(modules).toBeGreaterThan(500)
    expect(dependencies).toBeGreaterThan(1500)
  }, 180_000)

  it('catch each kind of fault in a small tree: circles, schema → api, admin → api, publish → routes, test code', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dependency-rules-test-'))
    try {
      const files: Record<string, string> = {
        'package.json': JSON.stringify({ type: 'module', imports: { '#schema/*': './schema/*', '#api/*': './api/*' } }),
        // A circle at run time; and one through types only, which is none.
        'api/a.ts': "import { b } from './b.ts'\nimport { help } from './testing/help.ts'\nexport const a = () => b + help",
        'api/b.ts': "import { a } from './a.ts'\nexport const b = 1\nexport const c = a",
        'api/c.ts': "import type { D } from './d.ts'\nexport type C = { d?: D }\nexport const c = 1",
        'api/d.ts': "import { type C } from './c.ts'\nexport type D = { c?: C }",
        'api/testing/help.ts': 'export const help = 1',
        'api/publish/p.ts': "import { r } from '../routes/r.ts'\nexport const p = r",
        'api/routes/r.ts': 'export const r = 1',
        'schema/s.ts': "import { b } from '#api/b.ts'\nexport const s = b",
        'schema/ok.ts': "import type { C } from '#api/c.ts'\nexport type Ok = C",
        'admin/src/x.tsx': "import { r } from '../../api/routes/r.ts'\nimport type { C } from '../../api/c.ts'\nexport const X = (p: { c: C }) => <b>{r}{String(p.c)}</b>",
        'site/src/pages/index.astro': "---\nimport { b } from '../../../api/b.ts'\nexport const prerender = true\nif (!b) return Astro.redirect('/')\n---\n<p>{b}</p>",
      }
      for (const [path, text] of Object.entries(files)) {
        await mkdir(join(root, dirname(path)), { recursive: true })
        await writeFile(join(root, path), text)
      }
      const { violations } = await checkDependencies(root, ['api', 'schema', 'admin/src', 'site/src'], join(repoRoot, '.dependency-cruiser.cjs'))
      // A circle is reported once; types-only imports (c ↔ d, schema/ok.ts, the admin's type) are none.
      const found = violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`).sort()
      expect(found).toEqual(
        [
          'no-circle-in-api: api/a.ts → api/b.ts',
          'production-imports-no-test-code: api/a.ts → api/testing/help.ts',
          'publish-knows-no-routes: api/publish/p.ts → api/routes/r.ts',
          'schema-imports-no-app: schema/s.ts → api/b.ts',
          'admin-and-site-import-no-api: admin/src/x.tsx → api/routes/r.ts',
          'admin-and-site-import-no-api: site/src/pages/index.astro → api/b.ts',
        ].sort(),
      )
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }, 180_000)
})
