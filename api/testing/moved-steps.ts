import { addressesOf, addressOf } from '#schema/address.ts'
import { isLiveAt } from '#schema/schedule.ts'
import { seededRandom } from './random-admin-ops.ts'

/**
 * Random saves of posts and projects as the content store makes them (a save replaces the entries it changed; the
 * other positions keep their objects), with the moved addresses worked out from scratch, to test what
 * moved-addresses.ts and static-host.ts carry from save to save against.
 */
export type Item = {
  id: string
  slug?: string
  oldSlugs?: string[]
  status?: string
  publishAt?: string
  unpublishAt?: string
  title?: string
}
export const BASES = { blog: 'blogs', 'sosyal-sorumluluk': 'social-projects' } as const
type Name = (typeof BASES)[keyof typeof BASES]


/** Few address parts, so old addresses are shared, taken by another item's address or by a page. */
export const PARTS = Array.from({ length: 12 }, (_, i) => `adres-${i}`)
const T0 = Date.parse('2026-01-01T00:00:00Z')
const HOUR = 3_600_000

/** The old addresses of `items`, each with the first item that has it: what the server redirects, from scratch. */
export function referenceAliases(items: readonly Item[]): Map<string, Item> {
  const map = new Map<string, Item>()
  for (const item of items)
    for (const a of addressesOf(item)) if (a !== addressOf(item) && !map.has(a)) map.set(a, item)
  return map
}

/** The moved addresses of the collections at `now`, from scratch, in code-unit order. */
export function referenceList(read: (name: string) => unknown, now: number): [string, string][] {
  const out: [string, string][] = []
  for (const [base, name] of Object.entries(BASES)) {
    const items = read(name)
    if (!Array.isArray(items)) continue
    for (const [alias, item] of referenceAliases(items as Item[])) {
      if (!isLiveAt(item, now)) continue
      const to = `/${base}/${addressOf(item)}`
      out.push([`/${base}/${alias}`, to], [`/${base}/${alias}/`, to])
    }
  }
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** Where a path redirects to (movedAddress's answers), from scratch. */
export function referenceMoved(
  read: (name: string) => unknown,
  now: number,
): (path: string) => string | null {
  const maps = Object.fromEntries(
    Object.entries(BASES).map(([base, name]) => [base, referenceAliases(read(name) as Item[])]),
  )
  return (path) => {
    const match = /^\/(blog|sosyal-sorumluluk)\/([^/]+)\/?$/.exec(path)
    let part: string | undefined
    try {
      part = match ? decodeURIComponent(match[2]!) : undefined
    } catch {
      return null
    }
    const item = part === undefined ? undefined : maps[match![1]!]!.get(part)
    return item && isLiveAt(item, now) ? `/${match![1]}/${addressOf(item)}` : null
  }
}

/**
 * A store of two collections and a clock, changed by `step()`: one random save (an edit that changes nothing
 * moved addresses depend on, a new address, an old one dropped, a schedule, a draft, several items at once, an
 * item added or removed, the same array again) or the clock moved on (past a scheduled time or not).
 */
export function movedSteps(seed: number) {
  const r = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!
  let n = 0
  const newItem = (): Item => {
    const id = `id-${n++}`
    const item: Item = { id, title: id }
    if (r() < 0.7) item.slug = pick(PARTS)
    if (r() < 0.3) item.oldSlugs = [pick(PARTS), ...(r() < 0.3 ? [`id-${Math.floor(r() * n)}`] : [])]
    return item
  }
  const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString()
  const store: Record<Name, readonly Item[]> = {
    blogs: Object.freeze(Array.from({ length: 20 }, newItem)),
    'social-projects': Object.freeze(Array.from({ length: 8 }, newItem)),
  }
  const clock = { now: T0 }
  const changes: Record<string, (item: Item) => Item> = {
    'yalnız başlık': (item) => ({ ...item, title: `${item.title ?? ''}+` }),
    'yeni adres': (item) => ({
      ...item,
      slug: pick(PARTS),
      oldSlugs: [...(item.oldSlugs ?? []), addressOf(item)],
    }),
    'adres kaldır': (item) => ({ ...item, slug: undefined }),
    // The address changed and the old one not kept: the same old addresses, another target.
    'adres değiştir': (item) => ({ ...item, slug: pick(PARTS) }),
    // An old address swapped for another: as many old addresses as before.
    'eski adres değiştir': (item) => ({
      ...item,
      oldSlugs: [...(item.oldSlugs ?? []).slice(0, -1), pick(PARTS)],
    }),
    'eski adres düşür': (item) => ({ ...item, oldSlugs: item.oldSlugs?.slice(1) }),
    'eski adres ekle': (item) => ({ ...item, oldSlugs: [...(item.oldSlugs ?? []), pick(PARTS)] }),
    zamanla: (item) => {
      const from = Math.floor(r() * 48) - 12
      return {
        ...item,
        publishAt: r() < 0.7 ? at(from) : undefined,
        unpublishAt: r() < 0.4 ? at(from + 1 + Math.floor(r() * 24)) : undefined,
      }
    },
    taslak: (item) => ({ ...item, status: item.status === 'draft' ? 'published' : 'draft' }),
  }
  function step(): string {
    const name: Name = r() < 0.75 ? 'blogs' : 'social-projects'
    const items = store[name]
    const roll = r()
    if (roll < 0.12) {
      // The clock: mostly within the hour, at times past several scheduled times at once, at times set back.
      const by = Math.floor(r() * (r() < 0.8 ? HOUR : 12 * HOUR))
      if (r() < 0.15) {
        clock.now -= by
        return 'saat geri'
      }
      clock.now += by
      return 'saat'
    }
    if (roll < 0.18) {
      store[name] = Object.freeze([newItem(), ...items])
      return 'ekle'
    }
    if (roll < 0.22 && items.length > 2) {
      const i = Math.floor(r() * items.length)
      store[name] = Object.freeze(items.filter((_, j) => j !== i))
      return 'sil'
    }
    if (roll < 0.25) {
      store[name] = Object.freeze([...items])
      return 'aynı öğeler, yeni dizi'
    }
    if (roll < 0.28) {
      // Every item saved again: more positions than are carried.
      store[name] = Object.freeze(items.map((item) => ({ ...item })))
      return 'hepsi'
    }
    const kind = pick(Object.keys(changes))
    const count = r() < 0.8 ? 1 : 3
    const next = [...items]
    for (let k = 0; k < count; k++) {
      const i = Math.floor(r() * next.length)
      next[i] = changes[kind]!(next[i]!)
    }
    store[name] = Object.freeze(next)
    return kind
  }
  const read = (name: string): unknown => store[name as Name]
  /** Every address the steps may ask about: every part of every base, with and without the slash. */
  const paths = () =>
    Object.keys(BASES)
      .flatMap((base) =>
        [...PARTS, ...Array.from({ length: n }, (_, i) => `id-${i}`), 'yok'].flatMap((p) => [
          `/${base}/${p}`,
          `/${base}/${p}/`,
        ]),
      )
      .concat(['/hakkimizda', '/blog/a/b', '/blog/%E0%A4%A', '/blog/'])
  return { step, read, clock, paths, store, random: r }
}
