import { runWritePathSteps } from '../api/testing/write-path-steps.ts'

/**
 * Issue 27: seeded random sequences over every content write path (api/testing/write-path-steps.ts), 2,000 steps
 * in all by default: `node bench/write-paths-property.ts [steps per seed] [seeds…]`. Prints each seed's step kinds
 * and violations (a violation stops that seed and names the step); exits 1 on any violation.
 */
// The server's retry timers are unref'd (they never keep a server alive): this keeps the bench's loop alive.
const keepAlive = setInterval(() => {}, 1000)
const perSeed = Number(process.argv[2] ?? 500)
const seeds = process.argv.slice(3).map(Number)
const list = seeds.length ? seeds : [1, 2, 3, 4]
let violations = 0
let steps = 0
const started = Date.now()
for (const seed of list) {
  const report = await runWritePathSteps(seed, perSeed, (line) => console.log(line))
  steps += report.violations.length ? 0 : report.steps
  violations += report.violations.length
  console.log(`seed ${seed}: ${report.steps} steps ${JSON.stringify(report.kinds)}, violations ${report.violations.length}`)
  for (const v of report.violations) console.log(`  ${v}`)
}
console.log(`write paths: ${steps} steps without a violation, ${violations} violations, ${Math.round((Date.now() - started) / 1000)} s`)
clearInterval(keepAlive)
process.exit(violations ? 1 : 0)
