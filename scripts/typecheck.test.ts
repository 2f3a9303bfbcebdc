import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = join(import.meta.dirname, '..')
const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc')

/** Runs tsc on one project; its errors, one a line (none: ''). */
function typeErrors(project: string): string {
  const run = spawnSync(tsc, ['--noEmit', '--pretty', 'false', '-p', project], { cwd: repoRoot, encoding: 'utf8' })
  return run.status === 0 ? '' : `${run.stdout}${run.stderr}`.trim() || `tsc ended with ${run.status}`
}

// Node runs our TypeScript by stripping the types, so a type error never stops a test or a start: this does. Two
// type errors reached main in one session without any test failing.
describe('types', () => {
  it('api, schema, scripts, benches and browser tests type-check (tsconfig.json)', () => {
    expect(typeErrors('.')).toBe('')
  }, 300_000)

  it('the admin type-checks (admin/tsconfig.json)', () => {
    expect(typeErrors('admin')).toBe('')
  }, 300_000)
})
