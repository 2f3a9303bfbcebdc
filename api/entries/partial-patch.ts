type Plain = Record<string, unknown>
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Merges a "changed fields only" patch into a stored object; nested objects (banner buttons) merge too. */
export function mergePatch<T extends object>(target: T, patch: Plain): T {
  const out: Plain = { ...(target as Plain) }
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isPlain(value) && isPlain(out[key]) ? mergePatch(out[key] as Plain, value) : value
  }
  return out as T
}
