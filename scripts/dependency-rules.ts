import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { transform } from 'esbuild'
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser'

/**
 * Checks the import rules of `.dependency-cruiser.cjs` over api/, schema/, admin/src and site/src (issue 28).
 *
 * Why a copy: dependency-cruiser reads TypeScript only through the TypeScript 5 compiler API, which TypeScript 7
 * no longer has. So each source is first stripped of its types with esbuild (`verbatimModuleSyntax`: exactly the
 * imports Node keeps when it runs the .ts file, `import type` and `{ type X }` gone) into a temp copy as .js/.jsx
 * (an .astro file: its frontmatter and scripts), and the copy is cruised; violations are reported with the
 * repository's own paths.
 */
const repoRoot = join(import.meta.dirname, '..')
const SOURCE = /\.(ts|tsx|astro)$/
const SKIP = new Set(['node_modules', '.build', 'dist', '.astro'])

/** The copy's name of a source: .ts → .js, .tsx → .jsx, .astro → .astro.js. */
const mirrorName = (path: string) => path.replace(/\.ts$/, '.js').replace(/\.tsx$/, '.jsx').replace(/\.astro$/, '.astro.js')

async function sources(root: string, dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(join(root, dir), { withFileTypes: true }).catch(() => [])) {
    if (SKIP.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await sources(root, path)))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const IMPORT_STATEMENT = /^import\s+(?:[\s\S]*?\s+from\s+)?['"][^'"]+['"];?/gm
/** The same inside a <script>, where the template indents it. */
const INDENTED_IMPORT = /^[ \t]*import\s+(?:[\s\S]*?\s+from\s+)?['"][^'"]+['"];?/gm

/**
 * An .astro file's code: the frontmatter's imports, its body inside a function (a frontmatter may `return` and
 * `await` at its top) and the <script> bodies (the template imports nothing).
 */
const astroCode = (text: string) => {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? ''
  const imports = front.match(IMPORT_STATEMENT) ?? []
  // `export const prerender`, `export interface Props`: exports are for Astro, not imports.
  const body = front.replace(IMPORT_STATEMENT, '').replace(/^export\s+/gm, '')
  // A self-closing <script … /> (set:html) has no body: never read on to the next </script>.
  const scripts = [...text.matchAll(/<script\b(?![^>]*\/>)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  // A script's imports go to the top (an import inside a block is no JavaScript), the rest in a block of its own.
  const scriptImports = scripts.flatMap((s) => (s.match(INDENTED_IMPORT) ?? []).map((i) => i.trim()))
  const scriptBodies = scripts.map((s) => `{\n${s.replace(INDENTED_IMPORT, '')}\n}`)
  return [...imports, ...scriptImports, `export async function frontmatter() {\n${body}\n}`, ...scriptBodies].join('\n')
}

/** The package.json `imports` (#schema/*, #api/*) as folder prefixes. */
async function subpathImports(root: string): Promise<[string, string][]> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> }
  return Object.entries(pkg.imports ?? {}).map(([from, to]) => [from.replace(/\*$/, ''), to.replace(/\*$/, '').replace(/^\.\//, '')])
}

async function stripTypes(file: string, text: string): Promise<string> {
  const astro = file.endsWith('.astro')
  const { code } = await transform(astro ? astroCode(text) : text, {
    sourcefile: file,
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    jsx: 'preserve',
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    logLevel: 'silent',
  })
  return code
}

/** Every import specifier of our own files points at the copy's name; #schema/… becomes a relative path. */
function rewriteSpecifiers(code: string, file: string, prefixes: [string, string][]): string {
  return code.replace(/(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"']+)\2/g, (all, lead: string, quote: string, spec: string) => {
    let target = spec
    const alias = prefixes.find(([from]) => spec.startsWith(from))
    if (alias) {
      target = relative(dirname(file), join(alias[1], spec.slice(alias[0].length)))
      if (!target.startsWith('.')) target = `./${target}`
    }
    if (!target.startsWith('.') || !SOURCE.test(target)) return all
    return `${lead}${quote}${mirrorName(target)}${quote}`
  })
}

export type Violation = { rule: string; from: string; to: string; cycle?: string[] }

/**
 * The violations of the rules in `configFile` over `folders` of `root`; [] when all hold. `root` is a parameter
 * so that the checker's own test can run it on a small tree with planted faults.
 */
export async function checkDependencies(
  root = repoRoot,
  folders = ['api', 'schema', 'admin/src', 'site/src'],
  configFile = join(root, '.dependency-cruiser.cjs'),
): Promise<{ violations: Violation[]; modules: number; dependencies: number }> {
  const config = createRequire(import.meta.url)(configFile) as { forbidden: IForbiddenRuleType[]; options?: object }
  const mirror = await mkdtemp(join(tmpdir(), 'dependency-rules-'))
  try {
    const prefixes = await subpathImports(root)
    const original = new Map<string, string>()
    for (const folder of folders) {
      for (const file of await sources(root, folder)) {
        const code = rewriteSpecifiers(await stripTypes(file, await readFile(join(root, file), 'utf8')), file, prefixes)
        const copy = mirrorName(file)
        original.set(copy, file)
        await mkdir(join(mirror, dirname(copy)), { recursive: true })
        await writeFile(join(mirror, copy), code)
      }
    }
    const cwd = process.cwd()
    // dependency-cruiser resolves against the working folder.
    process.chdir(mirror)
    let result: ICruiseResult
    try {
      const out = await cruise(
        folders.filter((f) => [...original.values()].some((p) => p.startsWith(`${f}/`))),
        { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, outputType: 'json' },
      )
      result = (typeof out.output === 'string' ? JSON.parse(out.output) : out.output) as ICruiseResult
    } finally {
      process.chdir(cwd)
    }
    const back = (path: string) => original.get(path) ?? path
    const violations = result.summary.violations.map((v) => ({
      rule: v.rule.name,
      from: back(v.from),
      to: back(v.to),
      ...(v.cycle ? { cycle: v.cycle.map((step) => back(typeof step === 'string' ? step : step.name)) } : {}),
    }))
    return { violations, modules: result.summary.totalCruised, dependencies: result.summary.totalDependenciesCruised ?? 0 }
  } finally {
    await rm(mirror, { recursive: true, force: true })
  }
}

/** One line per violation, for a failing test or the command line. */
export const describeViolation = (v: Violation) =>
  `${v.rule}: ${v.from} → ${v.to}${v.cycle ? ` (çember: ${[v.from, ...v.cycle].join(' → ')})` : ''}`

if (import.meta.main) {
  const { violations, modules, dependencies } = await checkDependencies()
  for (const v of violations) console.log(describeViolation(v))
  console.log(`${modules} modules, ${dependencies} imports, ${violations.length} violations`)
  process.exit(violations.length ? 1 : 0)
}
