import { addressesOf, addressOf, type Addressed } from '#schema/address.ts'
import { replacedPositions } from '#schema/list-lineage.ts'
import { isLiveAt, type Scheduled } from '#schema/schedule.ts'
import type { Deps } from '../app-env.ts'

type Item = Addressed & Scheduled
/** An old address and where it lives now: ['/blog/eski', '/blog/yeni']. */
export type Move = readonly [string, string]
const BASES = { blog: 'blogs', 'sosyal-sorumluluk': 'social-projects' } as const
const DETAIL = /^\/(blog|sosyal-sorumluluk)\/([^/]+)\/?$/

// Per stored item (a save replaces only the items it changed): the addresses it answers to but does not live at.
// Most items have none; a publish at 10,000 posts listed every item's addresses again (issue 33).
const NONE: readonly string[] = []
const oldAddresses = new WeakMap<Item, readonly string[]>()
function oldAddressesOf(item: Item): readonly string[] {
  let list = oldAddresses.get(item)
  if (list === undefined) {
    const current = addressOf(item)
    const old = addressesOf(item).filter((a) => a !== current)
    oldAddresses.set(item, (list = old.length ? old : NONE))
  }
  return list
}

/**
 * A collection's old addresses, each with the position of the first item that has it (the one it answers for),
 * carried from one stored array to the next by the positions a save replaced: rebuilt per save, it took ~37 ms at
 * 100,000 posts, each of which has its id as an old address (issue 33).
 */
type Aliases = {
  items: readonly Item[]
  first: Map<string, number>
  /** An old address more than one item has: the other items' positions (rare: an address given up and taken). */
  others: Map<string, number[]>
  /** Changes (from a counter shared by all) when an old address, or its item's address or schedule, changed. */
  version: number
}
let versions = 0
const carried = new Map<string, Aliases>()

/**
 * At most this many replaced positions are carried; more are mapped whole. A save replaces the entries it changed
 * (the same objects at the same positions otherwise), and the write gate notes which (schema/list-lineage.ts).
 */
const MAX_REPLACED = 64

function add(a: Aliases, alias: string, p: number) {
  const at = a.first.get(alias)
  if (at === undefined) return void a.first.set(alias, p)
  let rest = a.others.get(alias)
  if (!rest) a.others.set(alias, (rest = []))
  if (p < at) {
    a.first.set(alias, p)
    rest.push(at)
  } else rest.push(p)
}

function remove(a: Aliases, alias: string, p: number) {
  const rest = a.others.get(alias)
  let at = rest ? rest.indexOf(p) : -1
  if (a.first.get(alias) === p) {
    if (!rest) return void a.first.delete(alias)
    // The next item that has it answers for it now.
    at = 0
    for (let i = 1; i < rest.length; i++) if (rest[i]! < rest[at]!) at = i
    a.first.set(alias, rest[at]!)
  }
  rest!.splice(at, 1)
  if (!rest!.length) a.others.delete(alias)
}

/** What of an item the moved addresses depend on is the same: its old addresses, its address and its schedule. */
function sameMoves(was: Item, now: Item): boolean {
  const old = oldAddressesOf(was)
  const next = oldAddressesOf(now)
  if (old === NONE && next === NONE) return true
  return (
    old.length === next.length &&
    old.every((a, i) => a === next[i]) &&
    addressOf(was) === addressOf(now) &&
    was.status === now.status &&
    was.publishAt === now.publishAt &&
    was.unpublishAt === now.unpublishAt
  )
}

function mapped(items: readonly Item[]): Aliases {
  const a: Aliases = { items, first: new Map(), others: new Map(), version: ++versions }
  for (let p = 0; p < items.length; p++) for (const alias of oldAddressesOf(items[p]!)) add(a, alias, p)
  return a
}

/** The old addresses of collection `name` as `items` has it: the last ones carried by the replaced positions. */
function aliases(name: string, items: readonly Item[]): Aliases {
  const last = carried.get(name)
  if (last?.items === items) return last
  const positions = last ? replacedPositions(last.items, items, MAX_REPLACED) : null
  if (!last || !positions) {
    const a = mapped(items)
    carried.set(name, a)
    return a
  }
  const before = last.items
  last.items = items
  let changed = false
  for (const p of positions) {
    if (sameMoves(before[p]!, items[p]!)) continue
    for (const alias of oldAddressesOf(before[p]!)) remove(last, alias, p)
    for (const alias of oldAddressesOf(items[p]!)) add(last, alias, p)
    changed = true
  }
  if (changed) last.version = ++versions
  return last
}

/**
 * Where an old address of a post or project lives now (issue 21): its id when it has a readable address, and
 * every address it had before (kept in the content, so in git), for items live at this moment; else null.
 */
export function movedAddress(deps: Pick<Deps, 'content' | 'now'>, path: string): string | null {
  const match = DETAIL.exec(path)
  if (!match) return null
  const base = match[1] as keyof typeof BASES
  let part: string
  try {
    part = decodeURIComponent(match[2]!)
  } catch {
    return null
  }
  const a = aliases(BASES[base], deps.content.read(BASES[base]) as readonly Item[])
  const p = a.first.get(part)
  if (p === undefined) return null
  const item = a.items[p]!
  if (!isLiveAt(item, deps.now().getTime())) return null
  return `/${base}/${addressOf(item)}`
}

/**
 * The moved addresses at one moment: `key` is the same as long as the list is (a save that changed no old address,
 * nor its item's address or schedule, and no item reaching a scheduled time), so a publish compares keys, not
 * ~200,000 addresses at 100,000 posts; `pairs()` lists them (the collections as they were then), in code-unit
 * order of the old address: ['/blog/eski', '/blog/yeni'], with and without the trailing slash.
 */
export type MovedAddressList = { readonly key: string; pairs(): Move[] }

/**
 * The last key and what it was made of: the collections' versions, and the moments between which no item's
 * schedule changes its liveness (a publishAt or unpublishAt is where it does), so a scheduled post going live
 * makes a new key without a save.
 */
let listed: { versions: string; from: number; until: number; key: string } | null = null
let keys = 0
const timeOf = (v: string | undefined) => (v ? Date.parse(v) : NaN)

/**
 * Every old address of a live post or project and where it lives now, as the server answers them (movedAddress),
 * for the static host's redirect rules (static-host.ts: `_redirects`, nginx's maps).
 */
export function movedAddressList(read: (name: string) => unknown, now: number): MovedAddressList {
  const collections: [string, string, readonly Item[]][] = []
  for (const [base, name] of Object.entries(BASES)) {
    const items = read(name)
    if (Array.isArray(items)) collections.push([base, name, items as readonly Item[]])
  }
  const states = collections.map(([, name, items]) => aliases(name, items))
  const versions = states.map((a, i) => `${collections[i]![0]}:${a.version}`).join()
  if (!(listed?.versions === versions && listed.from <= now && now < listed.until)) {
    let from = -Infinity
    let until = Infinity
    for (const a of states) {
      for (const p of a.first.values()) {
        for (const t of [timeOf(a.items[p]!.publishAt), timeOf(a.items[p]!.unpublishAt)]) {
          if (t <= now) from = Math.max(from, t)
          else if (t > now) until = Math.min(until, t)
        }
      }
    }
    listed = { versions, from, until, key: `${++keys}` }
  }
  return { key: listed.key, pairs: () => pairsOf(collections, now) }
}

function pairsOf(collections: [string, string, readonly Item[]][], now: number): Move[] {
  const list: Move[] = []
  for (const [base, name, items] of collections) {
    // The carried map while it is still this array's (a list asked for later maps its own, leaving the carried one).
    const carriedNow = carried.get(name)
    for (const [alias, p] of (carriedNow?.items === items ? carriedNow : mapped(items)).first) {
      const item = items[p]!
      if (!isLiveAt(item, now)) continue
      const to = `/${base}/${addressOf(item)}`
      list.push([`/${base}/${alias}`, to], [`/${base}/${alias}/`, to])
    }
  }
  return list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
