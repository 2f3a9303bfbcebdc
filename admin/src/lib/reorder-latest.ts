/**
 * The latest list in the order a drag produced. A drop hands over the list as the drag saw it, which may be a
 * render behind: an image whose upload ended during the drag (its `src` set, not yet drawn) must keep it. Items
 * added meanwhile go last; items removed meanwhile stay removed.
 */
export function reorderLatest<T extends { key: string }>(latest: readonly T[], moved: readonly T[]): T[] {
  const byKey = new Map(latest.map((item) => [item.key, item]))
  const ordered = moved.flatMap((item) => byKey.get(item.key) ?? [])
  const placed = new Set(moved.map((item) => item.key))
  return [...ordered, ...latest.filter((item) => !placed.has(item.key))]
}
