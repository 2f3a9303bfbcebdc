/** True when `ordered` holds exactly the ids of `existing`, each once, in any order. */
export function sameIds(ordered: string[], existing: string[]): boolean {
  if (ordered.length !== existing.length) return false
  const seen = new Set(ordered)
  return seen.size === ordered.length && existing.every((id) => seen.has(id))
}
