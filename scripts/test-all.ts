import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * `npm test`: the unit/API suite (vitest), then the browser suite (Playwright in Chromium), then one summary line
 * "N passed, N failed" over both. Exits non-zero if either fails.
 */
const root = join(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)
// Not test-results/: Playwright empties that folder when it starts.
const outDir = join(root, '.test-reports')

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
}

// A report left by an earlier run must never count for this one.
rmSync(outDir, { recursive: true, force: true })
const unitStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(outDir, 'unit.json')}`])
const e2eStatus = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(outDir, 'e2e.json') })

function counts(file: string, pick: (report: any) => { passed: number; failed: number }) {
  try {
    return pick(JSON.parse(readFileSync(join(outDir, file), 'utf8')))
  } catch {
    return null
  }
}
const unit = counts('unit.json', (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }))
const e2e = counts('e2e.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }))
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0)
const failed = (unit?.failed ?? 0) + (e2e?.failed ?? 0) + (unit ? 0 : 1) + (e2e ? 0 : 1)
console.log(`\nunit: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : 'no report'}; browser: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : 'no report'}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(unitStatus !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0)
