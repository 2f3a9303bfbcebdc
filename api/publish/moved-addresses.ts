import { addressesOf, addressOf, type Addressed } from '#schema/address.ts'
import { isLiveAt, type Scheduled } from '#schema/schedule.ts'
import type { Deps } from '../app-env.ts'

type Item = Addressed & Scheduled
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

// Per stored collection (a save replaces the array): every address an item answers to but does not live at.
const aliasMaps = new WeakMap<readonly Item[], Map<string, Item>>()
function aliases(items: readonly Item[]): Map<string, Item> {
  let map = aliasMaps.get(items)
  if (map) return map
  map = new Map()
  for (const item of items) for (const a of oldAddressesOf(item)) if (!map.has(a)) map.set(a, item)
  aliasMaps.set(items, map)
  return map
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
  const item = aliases(deps.content.read(BASES[base]) as readonly Item[]).get(part)
  if (!item || !isLiveAt(item, deps.now().getTime())) return null
  return `/${base}/${addressOf(item)}`
}

/**
 * Every old address of a live post or project and where it lives now, as the server answers them (movedAddress),
 * for the static host's redirect rules (static-host.ts: `_redirects`, nginx's maps): '/blog/eski' → '/blog/yeni',
 * with and without the trailing slash.
 */
export function movedAddressList(read: (name: string) => unknown, now: number): [string, string][] {
  const out: [string, string][] = []
  for (const [base, name] of Object.entries(BASES)) {
    const items = read(name)
    if (!Array.isArray(items)) continue
    for (const [alias, item] of aliases(items as readonly Item[])) {
      if (!isLiveAt(item, now)) continue
      const to = `/${base}/${addressOf(item)}`
      out.push([`/${base}/${alias}`, to], [`/${base}/${alias}/`, to])
    }
  }
  return out
}
