import { addressesOf, addressOf, type Addressed } from '#schema/address.ts'
import { isLiveAt, type Scheduled } from '#schema/schedule.ts'
import type { Deps } from '../app-env.ts'

type Item = Addressed & Scheduled
const BASES = { blog: 'blogs', 'sosyal-sorumluluk': 'social-projects' } as const
const DETAIL = /^\/(blog|sosyal-sorumluluk)\/([^/]+)\/?$/

// Per stored collection (a save replaces the array): every address an item answers to but does not live at.
const aliasMaps = new WeakMap<readonly Item[], Map<string, Item>>()
function aliases(items: readonly Item[]): Map<string, Item> {
  let map = aliasMaps.get(items)
  if (map) return map
  map = new Map()
  for (const item of items) {
    const current = addressOf(item)
    for (const a of addressesOf(item)) if (a !== current && !map.has(a)) map.set(a, item)
  }
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
