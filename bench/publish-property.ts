import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureCodeBuilt } from '../api/publish/code-build.ts'
import { incrementalAgainstFull } from '../api/testing/random-admin-ops.ts'
import { repoRoot } from './lib.ts'

/**
 * The long run of the suite's property test (api/publish/publish-property.test.ts): OPS seeded random admin
 * operations (default 10,000; posts and projects created, edited, deleted, published, redated; media alt texts;
 * settings), publishing incrementally after about a quarter of them, and every CHECK_EVERY operations every file of the
 * export (and the server's index) compared byte for byte with a full render of the same content. The anchor is
 * the full render itself: any difference is a failure.
 */
const OPS = Number(process.env.OPS ?? 10_000)
const SEED = Number(process.env.SEED ?? 2026)
const CHECK_EVERY = Number(process.env.CHECK_EVERY ?? 2000)
/** A publish after about one operation in four: the others go live with the next (as saves within the debounce). */
const PUBLISH_CHANCE = Number(process.env.PUBLISH_CHANCE ?? 0.25)
const siteUrl = 'http://localhost:4399'

const dir = await mkdtemp(join(tmpdir(), 'publish-property-bench-'))
try {
  const code = await ensureCodeBuilt(repoRoot, siteUrl)
  const started = performance.now()
  const result = await incrementalAgainstFull({
    seed: SEED,
    ops: OPS,
    dir,
    repoRoot,
    siteUrl,
    code,
    checkEvery: CHECK_EVERY,
    publishChance: PUBLISH_CHANCE,
    onCheck: (done, differences) =>
      console.log(`${done} işlem: ${differences} fark (${((performance.now() - started) / 1000).toFixed(0)} s)`),
  })
  const counts = new Map<string, number>()
  for (const op of result.ops) counts.set(op, (counts.get(op) ?? 0) + 1)
  console.log(
    `publish-property: ${OPS} operations (seed ${SEED}), ${result.publishes} incremental publishes, ${result.checks} ` +
      `comparisons with a full render, ${result.differences.length} differing files; last check: ` +
      `${result.listPages.length + 2} list pages; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  console.log([...counts].map(([op, n]) => `${op} ${n}`).join(', '))
  for (const d of result.differences.slice(0, 20)) console.log(`  ${d}`)
  if (result.differences.length) process.exitCode = 1
} finally {
  await rm(dir, { recursive: true, force: true })
}
