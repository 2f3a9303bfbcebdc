import { readFileSync } from 'node:fs'

/**
 * Issue 33 point 3: what holds a process's V8 heap. Reads a .heapsnapshot (`SNAPSHOT=1` in cost-flat.ts) and prints
 * (1) self sizes summed by constructor, (2) the dominator tree down to holders of at least `MIN_MB` (default 0.5)
 * retained, each with the edge it hangs from, so the heap used is attributed to named holders (a module's Map, a
 * closure's variable, a WeakMap's table).
 *
 *   node bench/heap-summary.ts <file.heapsnapshot> [MIN_MB] [DEPTH]
 *
 * Weak edges do not retain. A WeakMap's value is reachable both from its key and from the map's table; here only
 * the table's edge retains it (the key's edge is dropped), so per-entry caches show under their WeakMap instead of
 * under whatever holds both. The dominator tree is Cooper, Harvey and Kennedy's iterative algorithm.
 */
const [file, minArg, depthArg] = process.argv.slice(2)
if (!file) throw new Error('usage: node bench/heap-summary.ts <file.heapsnapshot> [MIN_MB] [DEPTH]')
const MIN = Number(minArg ?? 0.5) * 1024 * 1024
const DEPTH = Number(depthArg ?? 14)
const MB = (n: number) => (n / 1024 / 1024).toFixed(2)

const buf = readFileSync(file)
const head = JSON.parse(buf.subarray(0, buf.indexOf('"nodes":')).toString().replace(/,\s*$/, '}'))
const meta = head.snapshot.meta
const NF: string[] = meta.node_fields
const EF: string[] = meta.edge_fields
const nodeTypes: string[] = meta.node_types[0]
const edgeTypes: string[] = meta.edge_types[0]

/** The integers of the array after `"<key>":[` (a streaming read: the arrays are too long for JSON.parse). */
function ints(key: string, count: number): Uint32Array {
  const out = new Uint32Array(count)
  let at = buf.indexOf(`"${key}":[`) + key.length + 4
  let n = 0
  let v = 0
  let inNum = false
  for (; ; at++) {
    const c = buf[at]!
    if (c >= 48 && c <= 57) {
      v = v * 10 + c - 48
      inNum = true
    } else {
      if (inNum) out[n++] = v
      v = 0
      inNum = false
      if (c === 93) break
    }
  }
  if (n !== count) throw new Error(`${key}: ${n} values, expected ${count}`)
  return out
}

const nodeCount: number = head.snapshot.node_count
const edgeCount: number = head.snapshot.edge_count
const nodes = ints('nodes', nodeCount * NF.length)
const edges = ints('edges', edgeCount * EF.length)
const sAt = buf.indexOf('"strings":[') + 10
const strings: string[] = JSON.parse(buf.subarray(sAt, buf.lastIndexOf(']') + 1).toString())

const nType = NF.indexOf('type'),
  nName = NF.indexOf('name'),
  nId = NF.indexOf('id'),
  nSelf = NF.indexOf('self_size'),
  nEdges = NF.indexOf('edge_count')
const eType = EF.indexOf('type'),
  eName = EF.indexOf('name_or_index'),
  eTo = EF.indexOf('to_node')
const NFL = NF.length,
  EFL = EF.length

const firstEdge = new Uint32Array(nodeCount + 1)
for (let i = 0, e = 0; i < nodeCount; i++) {
  firstEdge[i] = e
  e += nodes[i * NFL + nEdges]! * EFL
}
firstEdge[nodeCount] = edgeCount * EFL

const typeOf = (i: number) => nodeTypes[nodes[i * NFL + nType]!]!
const nameOf = (i: number) => strings[nodes[i * NFL + nName]!]!
const idOf = (i: number) => nodes[i * NFL + nId]!
const selfOf = (i: number) => nodes[i * NFL + nSelf]!
const edgeName = (e: number) => {
  const t = edgeTypes[edges[e + eType]!]
  const n = edges[e + eName]!
  return t === 'element' || t === 'hidden' ? `[${n}]` : strings[n]!
}

const WEAK = edgeTypes.indexOf('weak'),
  SHORTCUT = edgeTypes.indexOf('shortcut'),
  INTERNAL = edgeTypes.indexOf('internal')
/** Whether edge `e` of node `from` keeps its target alive (see the header). */
function retains(from: number, e: number): boolean {
  const t = edges[e + eType]!
  if (t === WEAK || (t === SHORTCUT && from !== 0)) return false
  if (t === INTERNAL) {
    const name = strings[edges[e + eName]!]!
    if (name.includes('part of key (')) {
      const table = /\(table @(\d+)\)/.exec(name)
      return table !== null && Number(table[1]) === idOf(from)
    }
  }
  return true
}

// Post order by a depth-first walk from the root (node 0) over retaining edges.
const post = new Uint32Array(nodeCount).fill(0xffffffff)
const order = new Uint32Array(nodeCount)
const visited = new Uint8Array(nodeCount)
let count = 0
{
  const stack = new Uint32Array(nodeCount)
  const cursor = new Uint32Array(nodeCount)
  let top = 0
  stack[0] = 0
  cursor[0] = firstEdge[0]!
  visited[0] = 1
  while (top >= 0) {
    const n = stack[top]!
    const e = cursor[top]!
    if (e < firstEdge[n + 1]!) {
      cursor[top] = e + EFL
      const to = edges[e + eTo]! / NFL
      if (!visited[to] && retains(n, e)) {
        visited[to] = 1
        stack[++top] = to
        cursor[top] = firstEdge[to]!
      }
    } else {
      post[n] = count
      order[count++] = n
      top--
    }
  }
}

// Retainers (reverse retaining edges) of each reached node.
const retainerCount = new Uint32Array(nodeCount + 1)
for (let n = 0; n < nodeCount; n++) {
  if (!visited[n]) continue
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EFL)
    if (retains(n, e)) retainerCount[edges[e + eTo]! / NFL]!++
}
const firstRetainer = new Uint32Array(nodeCount + 1)
for (let n = 0, s = 0; n < nodeCount; n++) {
  firstRetainer[n] = s
  s += retainerCount[n]!
}
firstRetainer[nodeCount] = firstRetainer[nodeCount - 1]! + retainerCount[nodeCount - 1]!
const retainers = new Uint32Array(firstRetainer[nodeCount]!)
const fill = firstRetainer.slice()
for (let n = 0; n < nodeCount; n++) {
  if (!visited[n]) continue
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EFL)
    if (retains(n, e)) retainers[fill[edges[e + eTo]! / NFL]!++] = n
}

// Immediate dominators, in post-order numbers (the root is the last).
const NONE = 0xffffffff
const dom = new Uint32Array(count).fill(NONE)
const rootPo = count - 1
dom[rootPo] = rootPo
for (let changed = true; changed;) {
  changed = false
  for (let po = rootPo - 1; po >= 0; po--) {
    const n = order[po]!
    let idom = NONE
    for (let r = firstRetainer[n]!; r < firstRetainer[n + 1]!; r++) {
      const rp = post[retainers[r]!]!
      if (rp === NONE || dom[rp] === NONE) continue
      if (idom === NONE) idom = rp
      else {
        let a = rp,
          b = idom
        while (a !== b) {
          while (a < b) a = dom[a]!
          while (b < a) b = dom[b]!
        }
        idom = a
      }
    }
    if (idom !== dom[po]) {
      dom[po] = idom
      changed = true
    }
  }
}

const retained = new Float64Array(count)
for (let po = 0; po < count; po++) retained[po] += selfOf(order[po]!)
for (let po = 0; po < rootPo; po++) retained[dom[po]!] += retained[po]!

let total = 0
for (let n = 0; n < nodeCount; n++) total += selfOf(n)
console.log(
  `${file}: ${nodeCount} nodes, ${edgeCount} edges, self sizes ${MB(total)} MB, reachable ${MB(retained[rootPo]!)} MB`,
)

// (1) Self size by constructor (strings by kind).
const byClass = new Map<string, { size: number; count: number }>()
for (let n = 0; n < nodeCount; n++) {
  const t = typeOf(n)
  const key = t === 'object' || t === 'native' || t === 'closure' ? `${nameOf(n)} (${t})` : `(${t})`
  const c = byClass.get(key) ?? { size: 0, count: 0 }
  c.size += selfOf(n)
  c.count++
  byClass.set(key, c)
}
console.log('\nself size by constructor (MB, count), top 30:')
for (const [k, v] of [...byClass].sort((a, b) => b[1].size - a[1].size).slice(0, 30))
  console.log(`  ${MB(v.size).padStart(8)}  ${String(v.count).padStart(8)}  ${k}`)

// Buffers' backing stores by size: zlib's results are views of its 64 KB output chunk, so a 3 KB brotli body kept
// alone keeps 64 KB (issue 33, tenth session).
const stores = new Map<string, { count: number; size: number }>()
for (let n = 0; n < nodeCount; n++) {
  if (nameOf(n) !== 'system / JSArrayBufferData') continue
  const s = selfOf(n)
  const bucket = s === 65536 ? '= 65536' : `≤ ${2 ** Math.ceil(Math.log2(Math.max(s, 1)))}`
  const c = stores.get(bucket) ?? { count: 0, size: 0 }
  c.count++
  c.size += s
  stores.set(bucket, c)
}
console.log('\nArrayBuffer backing stores by size (bytes):')
const bytesOfBucket = (b: string) => Number(b.replace(/\D/g, '')) + (b.startsWith('=') ? 0.5 : 0)
for (const [b, c] of [...stores].sort((x, y) => bytesOfBucket(x[0]) - bytesOfBucket(y[0])))
  console.log(`  ${b.padStart(10)} ${String(c.count).padStart(6)} stores, ${MB(c.size)} MB`)

// (2) The dominator tree, children of at least MIN retained, with the edge they hang from.
const children = new Map<number, number[]>()
for (let po = 0; po < rootPo; po++) {
  if (retained[po]! < MIN) continue
  const d = dom[po]!
  children.set(d, [...(children.get(d) ?? []), po])
}
/** How `n` is reached: the edge from its dominator if there is one, else its first retainer's edge. */
function label(n: number, d: number): string {
  const describe = (from: number, to: number) => {
    for (let e = firstEdge[from]!; e < firstEdge[from + 1]!; e += EFL)
      if (edges[e + eTo]! / NFL === to && retains(from, e)) return edgeName(e)
    return null
  }
  const direct = describe(d, n)
  if (direct !== null) return `.${direct.slice(0, 60)}`
  const r = retainers[firstRetainer[n]!]
  return r === undefined
    ? ''
    : ` via ${nameOf(r).slice(0, 40)} (${typeOf(r)} @${idOf(r)}).${describe(r, n)?.slice(0, 60)}`
}
console.log(`\ndominator tree (retained MB, self MB), nodes retaining ≥ ${MB(MIN)} MB, depth ≤ ${DEPTH}:`)
function print(po: number, depth: number) {
  const n = order[po]!
  const d = dom[po]!
  const text = `${typeOf(n)} ${JSON.stringify(nameOf(n).slice(0, 50))} @${idOf(n)}${po === rootPo ? '' : label(n, order[d]!)}`
  console.log(`${'  '.repeat(depth)}${MB(retained[po]!).padStart(7)} ${MB(selfOf(n)).padStart(6)}  ${text}`)
  if (depth >= DEPTH) return
  const big = (children.get(po) ?? []).sort((a, b) => retained[b]! - retained[a]!)
  for (const c of big) print(c, depth + 1)
  const rest = retained[po]! - selfOf(n) - big.reduce((s, c) => s + retained[c]!, 0)
  if (big.length && rest >= MIN / 4)
    console.log(
      `${'  '.repeat(depth + 1)}${MB(rest).padStart(7)}         (the rest: dominated here, each below ${MB(MIN)} MB)`,
    )
}
print(rootPo, 0)

// (3) By holder: each object goes to the nearest closure variable (a module's or a factory's `const x = new Map()`)
// on its shortest retaining path from the root; the objects dominated by the root alone are shared, so the
// dominator tree cannot name their holder. Buffers' backing stores are in it (external memory).
{
  const parent = new Int32Array(nodeCount).fill(-1)
  const parentEdge = new Int32Array(nodeCount).fill(-1)
  const queue = new Uint32Array(nodeCount)
  let head = 0
  let tail = 0
  queue[tail++] = 0
  parent[0] = 0
  while (head < tail) {
    const n = queue[head++]!
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EFL) {
      const to = edges[e + eTo]! / NFL
      if (parent[to] !== -1 || !retains(n, e)) continue
      parent[to] = n
      parentEdge[to] = e
      queue[tail++] = to
    }
  }
  const CONTEXT = edgeTypes.indexOf('context')
  const holder = new Array<string | undefined>(nodeCount)
  holder[0] = '(root)'
  // BFS order: a node's parent comes before it.
  for (let q = 1; q < tail; q++) {
    const n = queue[q]!
    const e = parentEdge[n]!
    const p = parent[n]!
    if (edges[e + eType] === CONTEXT) {
      // The closure that led to the context names the function the variable belongs to.
      const fn = parent[p]! >= 0 ? nameOf(parent[p]!) : ''
      holder[n] = `${fn || '(anonymous)'} › ${edgeName(e)}`
    } else if (p === 0 || nameOf(p) === '(GC roots)') holder[n] = `${nameOf(n).slice(0, 40)} (root)`
    else holder[n] = holder[p]
  }
  // V8's heap (objects) apart from Buffers' backing stores (external memory, counted in the snapshot too).
  const isStore = (n: number) => nameOf(n) === 'system / JSArrayBufferData'
  const byHolder = new Map<string, { heap: number; buffers: number; classes: Map<string, number> }>()
  let heapTotal = 0
  let buffersTotal = 0
  for (let q = 0; q < tail; q++) {
    const n = queue[q]!
    const h = holder[n]!
    let entry = byHolder.get(h)
    if (!entry) byHolder.set(h, (entry = { heap: 0, buffers: 0, classes: new Map() }))
    if (isStore(n)) ((entry.buffers += selfOf(n)), (buffersTotal += selfOf(n)))
    else ((entry.heap += selfOf(n)), (heapTotal += selfOf(n)))
    const t = typeOf(n)
    const k = t === 'object' || t === 'native' ? nameOf(n).slice(0, 40) : `(${t})`
    entry.classes.set(k, (entry.classes.get(k) ?? 0) + selfOf(n))
  }
  console.log(
    `\nby holder (nearest closure variable on the shortest path; V8 heap ${MB(heapTotal)} MB, Buffers ${MB(buffersTotal)} MB), ` +
      `holders of ≥ ${MB(MIN / 2)} MB: heap MB, Buffers MB, holder [largest kinds]`,
  )
  let shownHeap = 0
  let shownBuffers = 0
  for (const [h, { heap, buffers, classes }] of [...byHolder].sort(
    (a, b) => b[1].heap + b[1].buffers - a[1].heap - a[1].buffers,
  )) {
    if (heap + buffers < MIN / 2) break
    shownHeap += heap
    shownBuffers += buffers
    const top = [...classes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${MB(v)}`)
      .join(', ')
    console.log(`  ${MB(heap).padStart(7)} ${MB(buffers).padStart(7)}  ${h.slice(0, 90)}  [${top}]`)
  }
  console.log(
    `  ${MB(heapTotal - shownHeap).padStart(7)} ${MB(buffersTotal - shownBuffers).padStart(7)}  (smaller holders)`,
  )

  // (4) Single objects of V8's large-object space (over 128 KB each, a mapping of their own), with their holder.
  const large: number[] = []
  for (let q = 0; q < tail; q++)
    if (selfOf(queue[q]!) >= 128 * 1024 && !isStore(queue[q]!)) large.push(queue[q]!)
  console.log(
    `\nobjects of ≥ 128 KB (V8's large-object space): ${large.length}, ${MB(large.reduce((t, n) => t + selfOf(n), 0))} MB`,
  )
  for (const n of large.sort((a, b) => selfOf(b) - selfOf(a)).slice(0, 15))
    console.log(
      `  ${MB(selfOf(n)).padStart(7)}  ${typeOf(n)} ${JSON.stringify(nameOf(n).slice(0, 40))} held by ${holder[n]!.slice(0, 60)}`,
    )
}
