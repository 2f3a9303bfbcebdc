/**
 * Which positions of a list a change replaced, noted by whoever made the new list from the old one (issue 33: at
 * 100,000 posts each step of a save compared the two lists place by place, ~10 ms each, a dozen times per save).
 * The content is frozen and copied on write: a save of one post gives a new array holding the same objects at the
 * same places but one. The maker of such an array (the write gate, a carried step of the site's lists) notes the
 * positions it replaced; a reader asking for the positions between two arrays gets them without a comparison when
 * a chain of notes links them, else by comparing place by place.
 *
 * The notes live on globalThis: the site's bundle carries its own copy of this module (Astro bundles schema/), and
 * it must read what the API's store noted. Weak keys: a note goes with its array.
 */
type Note = { before: readonly unknown[]; positions: readonly number[] }
const KEY = Symbol.for('netiz.list-lineage')
const holder = globalThis as { [KEY]?: WeakMap<readonly unknown[], Note> }
const notes = (holder[KEY] ??= new WeakMap())

/**
 * How many notes a chain keeps behind a list (a debounced publish after a burst of saves reads a few back; an older
 * last list is compared place by place). A note holds the list before it: without a bound every list a save ever
 * made stayed reachable from the newest (~0.3 MB a save at 10,000 posts, six lists a save).
 */
const MAX_CHAIN = 4

/**
 * Notes that `after` is `before` with the entries at `positions` replaced (a superset is fine: positions holding
 * the same object are dropped when read), nothing added, removed or moved. Never note an array that is changed
 * afterwards. The note MAX_CHAIN back goes, so the list before it can be collected.
 */
export function noteReplaced(after: readonly unknown[], before: readonly unknown[], positions: readonly number[]): void {
  if (after === before || after.length !== before.length) return
  notes.set(after, { before, positions })
  let at = before
  for (let step = 1; step < MAX_CHAIN; step++) {
    const note = notes.get(at)
    if (!note) return
    at = note.before
  }
  notes.delete(at)
}

/**
 * The positions at which `after` holds another object than `before`, in increasing order, or null when the two are
 * not comparable: no `before`, another length, or more than `max` positions replaced.
 */
export function replacedPositions(
  before: readonly unknown[] | undefined,
  after: readonly unknown[],
  max = Infinity,
): number[] | null {
  if (!before || before.length !== after.length) return null
  const noted = notedPositions(before, after)
  if (noted) return noted.length > max ? null : noted
  const at: number[] = []
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue
    if (at.length === max) return null
    at.push(i)
  }
  return at
}

/** The positions from a chain of notes leading from `after` back to `before`, exact; null without such a chain. */
function notedPositions(before: readonly unknown[], after: readonly unknown[]): number[] | null {
  if (before === after) return []
  const candidates = new Set<number>()
  let at: readonly unknown[] = after
  for (let step = 0; step < MAX_CHAIN; step++) {
    const note = notes.get(at)
    if (!note || note.before.length !== after.length) return null
    for (const i of note.positions) candidates.add(i)
    if (note.before === before) {
      // A position noted may hold the same object again (an entry put back, or noted as a superset).
      return [...candidates].filter((i) => before[i] !== after[i]).sort((a, b) => a - b)
    }
    at = note.before
  }
  return null
}
