import { replacedPositions as replacedBetween } from '#schema/list-lineage.ts'

/**
 * A list derived from a list, carried from the last publish when the source changed in a few places (issue 33,
 * decision 337). The API's content is frozen and copied on write: a save of one post at 10,000 posts gives a new
 * array holding 9,999 of the same objects at the same positions. Each step (checked entries, newest first, live
 * now, page listings, list pages) compares its new source with its last one by identity and redoes only the
 * positions that hold another object; anything else (another length, many changes) derives the list again. A step
 * whose result is a list the next step reads notes the positions it replaced (noteReplaced), so the next step finds
 * them without comparing 100,000 places.
 */

/** More replaced positions than this derive the list again (a bulk change, a list read from disk). */
export const MAX_REPLACED = 64

/**
 * The positions at which `after` holds another object than `before`, or null when the two are not comparable:
 * no `before`, another length, or more than MAX_REPLACED positions replaced. Found from the notes of the lists'
 * makers when they link the two (schema/list-lineage.ts: the write gate notes what a save replaced, and each step
 * below what it carried), else by comparing place by place.
 */
export function replacedPositions(before: readonly unknown[] | undefined, after: readonly unknown[]): number[] | null {
  return replacedBetween(before, after, MAX_REPLACED)
}

/**
 * One step's last source and result, per key (a content folder and a collection): the step carries the result
 * forward when the new source replaced a few positions of the last, else derives it whole.
 */
export function carriedStep<S, R>() {
  const last = new Map<string, { source: readonly S[]; result: R }>()
  return {
    /**
     * The result for `source`: `carry(lastResult, lastSource, positions)` when a few positions changed or none
     * (it returns null when it cannot carry, e.g. another clock), else `derive()`. Only the last source per key is
     * kept.
     */
    run(
      key: string,
      source: readonly S[],
      derive: () => R,
      carry: (result: R, before: readonly S[], positions: number[]) => R | null,
    ): R {
      const known = last.get(key)
      const positions = replacedPositions(known?.source, source)
      const carried = known && positions ? carry(known.result, known.source, positions) : null
      const result = carried ?? derive()
      last.set(key, { source, result })
      return result
    },
  }
}
