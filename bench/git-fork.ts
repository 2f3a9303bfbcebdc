/**
 * Issue 33: what one git call on a save's path costs a large server. The process first holds HEAP_MB of objects (a
 * 100,000-post server holds 1–2 GB), then times RUNS `git update-ref` calls each way: forked by the server itself
 * (`git`, git-exec.ts) and by the shell started at the beginning (`gitViaHelper`, git-helper.ts, decision 340).
 * Run: node --max-old-space-size=4096 bench/git-fork.ts   (HEAP_MB, RUNS to change)
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { git } from '../api/store/git/git-exec.ts'
import { gitViaHelper, startGitHelper } from '../api/store/git/git-helper.ts'
import { median } from './lib.ts'

const HEAP_MB = Number(process.env.HEAP_MB ?? 1500)
const RUNS = Number(process.env.RUNS ?? 21)

startGitHelper() // while the process is small, as the server does at start
const repo = await mkdtemp(join(tmpdir(), 'git-fork-'))
execFileSync('git', ['init', '-q'], { cwd: repo })
execFileSync(
  'git',
  ['-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '--allow-empty', '-m', 'ilk'],
  { cwd: repo },
)
const first = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo }).toString().trim()
execFileSync(
  'git',
  ['-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '--allow-empty', '-m', 'iki'],
  { cwd: repo },
)
const second = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo }).toString().trim()

// Objects as a server's heap holds them (small objects with strings), until HEAP_MB is used.
const held: { id: string; n: number; tags: string[] }[][] = []
while (process.memoryUsage().heapUsed < HEAP_MB * 1024 * 1024)
  held.push(
    Array.from({ length: 10_000 }, (_, i) => ({
      id: `yazi-${held.length}-${i}`,
      n: i,
      tags: [`e-${i % 97}`],
    })),
  )
console.log(
  `heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
)

let at = second
const move = async (run: typeof git) => {
  const next = at === first ? second : first
  const t = performance.now()
  await run(['update-ref', '-m', 'ölçüm', 'HEAD', next, at], { cwd: repo })
  at = next
  return performance.now() - t
}
const forked: number[] = []
const helped: number[] = []
for (let i = 0; i < RUNS; i++) {
  forked.push(await move(git))
  helped.push(await move(gitViaHelper))
}
console.log(
  `git update-ref, median of ${RUNS}: forked by the server ${median(forked).toFixed(1)} ms, by the shell ${median(helped).toFixed(1)} ms`,
)
await rm(repo, { recursive: true, force: true })
if (held.length < 0) console.log(held) // kept alive to the end
