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

function firstLine(message: unknown) {
  return String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim() !== '')?.slice(0, 300) ?? ''
}
function unitFailures(report: any): string[] {
  return (report.testResults ?? []).flatMap((file: any) => {
    const path = String(file.name ?? '').replace(`${root}/`, '')
    const tests = (file.assertionResults ?? []).filter((t: any) => t.status === 'failed')
    // A file that fails before any test runs (an import error) has no failed test, only its own message.
    if (tests.length === 0 && file.status === 'failed') return [`${path}: ${firstLine(file.message)}`]
    return tests.map((t: any) => `${path} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
  })
}
function e2eFailures(report: any): string[] {
  const out: string[] = []
  const walk = (suite: any) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue
        const error = test.results?.find((r: any) => r.error)?.error?.message
        out.push(`${spec.file} › ${spec.title} (${test.status}): ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return out
}
function counts<T>(file: string, pick: (report: any) => T): T | null {
  try {
    return pick(JSON.parse(readFileSync(join(outDir, file), 'utf8')))
  } catch {
    return null
  }
}
const unit = counts('unit.json', (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }))
const e2e = counts('e2e.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }))
// CI keeps only the tail of the output: name every failed test there, with the first line of its error.
const failures = [...(counts('unit.json', unitFailures) ?? []), ...(counts('e2e.json', e2eFailures) ?? [])]
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `- ${f}`).join('\n')}`)
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0)
const failed = (unit?.failed ?? 0) + (e2e?.failed ?? 0) + (unit ? 0 : 1) + (e2e ? 0 : 1)
console.log(`\nunit: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : 'no report'}; browser: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : 'no report'}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(unitStatus !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0)
