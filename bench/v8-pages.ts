import { open, readFile } from 'node:fs/promises'

/**
 * Issue 33 point 3: V8's heap pages of a running process and which of them sit in V8's page pool. V8's regular pages
 * are 256 KB mappings of their own; each begins with its chunk's flags word. Pages a collection emptied stay mapped
 * and resident in the pool until a memory-reducing collection (decision 338); their flags carry two bits the live
 * pages lack (0x10000 and 0x80000 in V8 13.6, Node 24: read off the pages of a server after a crawl, not a V8
 * interface, so check them again after a Node upgrade). Needs the right to read /proc/<pid>/mem (same user, ptrace).
 *
 *   node bench/v8-pages.ts <pid>
 */
const pid = process.argv[2]
if (!pid) throw new Error('usage: node bench/v8-pages.ts <pid>')
const PAGE = 256 * 1024
const POOLED = 0x10000 | 0x80000

const starts: bigint[] = []
for (const line of (await readFile(`/proc/${pid}/maps`, 'utf8')).split('\n')) {
  const [range, perms, , , , path] = line.split(/\s+/)
  if (!range || perms !== 'rw-p' || path) continue
  const [from, to] = range.split('-').map((h) => BigInt(`0x${h}`))
  if (to! - from! === BigInt(PAGE)) starts.push(from!)
}
const mem = await open(`/proc/${pid}/mem`, 'r')
const head = Buffer.alloc(8)
const byFlags = new Map<string, number>()
let pooled = 0
for (const at of starts) {
  await mem.read(head, 0, 8, at)
  const flags = Number(head.readBigUInt64LE(0) & 0xffffffffn)
  if ((flags & POOLED) === POOLED) pooled++
  const key = `0x${flags.toString(16)}`
  byFlags.set(key, (byFlags.get(key) ?? 0) + 1)
}
await mem.close()
const mb = (pages: number) => ((pages * PAGE) / 1024 / 1024).toFixed(1)
console.log(
  `256 KB anonymous mappings: ${starts.length} (${mb(starts.length)} MB mapped); pooled (flags 0x90000): ${pooled} (${mb(pooled)} MB)`,
)
console.log(
  `by flags: ${[...byFlags]
    .sort((a, b) => b[1] - a[1])
    .map(([f, n]) => `${f} ${n}`)
    .join(', ')}`,
)
