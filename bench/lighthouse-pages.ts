/**
 * Issue 23's bar: Lighthouse (mobile) 100 in all four categories (performance, accessibility, best practices,
 * SEO) on /, /blog, a post, /iletisim, /referanslarimiz and /xml-goruntuleyici, with Debian Chromium, on the real
 * server with the demo content. Prints a table of the scores, the failed audits of any category under 100 and the
 * machine's load (performance depends on it: the bar is for a quiet machine), and `--write` appends the table to
 * bench/README.md. The anchor is the 100/100/100/100 these pages had before issue 23's regression.
 * Performance varies between runs of the same page (Lighthouse's docs advise the median of several): each page is
 * run RUNS times (default 3) and the run with the median performance score is reported, with every run's score.
 * Run: node bench/lighthouse-pages.ts [--write]   (PORT 4382; RUNS; CHROME_PATH defaults to /usr/bin/chromium)
 */
import { spawnSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { repoRoot, startServer } from './lib.ts'

const port = Number(process.env.PORT ?? 4382)
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

type Row = { path: string; scores: Record<string, number>; misses: string[]; runs: number[] }
const RUNS = Number(process.env.RUNS ?? 3)

/** One Lighthouse run of a page: its four scores and the weighted audits that cost points. */
async function lighthouse(url: string, report: string): Promise<Omit<Row, 'path' | 'runs'>> {
  const lh = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (lh.status !== 0) throw new Error(`lighthouse failed on ${url}`)
  const lhr = JSON.parse(await readFile(report, 'utf8'))
  const scores: Record<string, number> = {}
  const misses: string[] = []
  for (const id of CATEGORIES) {
    const category = lhr.categories[id]
    scores[id] = Math.round(category.score * 100)
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        misses.push(`${id}: ${ref.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`)
    }
  }
  return { scores, misses }
}

const server = await startServer(port)
const rows: Row[] = []
const loadBefore = loadavg()
try {
  const post = (await (await fetch(`${server.base}/blog`)).text()).match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1]
  if (!post) throw new Error('no post link on /blog')
  for (const path of ['/', '/blog', post, '/iletisim', '/referanslarimiz', '/xml-goruntuleyici']) {
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${server.base}${path}`, join(server.root, 'lighthouse.json')))
    runs.sort((a, b) => a.scores.performance! - b.scores.performance!)
    const { scores, misses } = runs[Math.floor((runs.length - 1) / 2)]!
    rows.push({ path, scores, misses, runs: runs.map((r) => r.scores.performance!) })
    console.log(
      path.padEnd(32),
      CATEGORIES.map((c) => String(scores[c]).padStart(4)).join(''),
      `  performance of the ${RUNS} runs: ${rows.at(-1)!.runs.join(', ')}`,
      misses.length ? `; ${misses.join('; ')}` : '',
    )
  }
} finally {
  await server.stop()
}
const loadAfter = loadavg()
const load = `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (2 cores)`
console.log(load)

if (process.argv.includes('--write')) {
  const table = [
    `| page | performance (median of ${RUNS}; every run) | accessibility | best practices | SEO | below 100 because (the median run) |`,
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.scores.performance} (${r.runs.join(', ')}) | ${CATEGORIES.slice(1).map((c) => r.scores[c]).join(' | ')} | ${r.misses.join('; ') || '–'} |`,
    ),
  ].join('\n')
  const section = `\n### Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n${table}\n\n${load}.\n`
  const path = join(repoRoot, 'bench', 'README.md')
  const readme = await readFile(path, 'utf8')
  const heading = '## Lighthouse on the public pages (issue 23)'
  const intro = `${heading}\n\n\`node bench/lighthouse-pages.ts --write\`: Lighthouse 12 (mobile emulation, simulated throttling) with Debian Chromium on the real server with the demo content; the bar is 100 in all four categories on a quiet machine, as these pages scored before issue 23's charset regression (best practices 96).\n`
  await writeFile(
    path,
    readme.includes(heading)
      ? readme.replace(heading, `${heading}`) + section
      : `${readme.trimEnd()}\n\n${intro}${section}`,
  )
}
