import { expect, it } from 'vitest'
import { runWritePathSteps } from './testing/write-path-steps.ts'

/**
 * Issue 27: 100 seeded random steps over every content write path (admin, git pushes, take/keep, restores,
 * restarts); after each one every file loads, the clone is clean, a restart changes nothing and no acknowledged
 * save is lost. The 2,000-step run is bench/write-paths-property.ts.
 */
it('100 random write-path steps keep every invariant', { timeout: 1_500_000 }, async () => {
  const report = await runWritePathSteps(20261127, 100)
  expect(report.violations).toEqual([])
  expect(Object.keys(report.kinds).length).toBeGreaterThanOrEqual(8)
})
