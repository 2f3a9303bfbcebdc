/**
 * One instance per value for values that repeat across many records (a parse makes a new string or list for each):
 * `share(key, value)` gives the first value stored under `key`, or stores `value`. At most `max` values are
 * remembered, so an archive of unique values costs a bounded table (issue 33: post fields, pages' records).
 */
export function sharedValues<V>(max = 50_000): (key: string, value: V) => V {
  const table = new Map<string, V>()
  return (key, value) => {
    const known = table.get(key)
    if (known !== undefined) return known
    if (table.size < max) table.set(key, value)
    return value
  }
}
