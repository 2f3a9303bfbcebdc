import type { HomeSection } from '#schema/home.ts'
import { conflictOf, type EditConflict } from '../../hooks/useEditConflict.ts'

/**
 * Issue 11 for the home editor, whose fields save one by one: every write to a section sends that section's
 * version as If-Match (from GET /api/admin/anasayfa, then from each write's ETag, so one's own saves never
 * conflict), and a 412 is handed to the page, which shows the conflict dialog once for the section.
 */
const versions: Partial<Record<HomeSection, string>> = {}

/** The section's version as last read or written (a draft written meanwhile keeps it, issue 30). */
export const sectionVersion = (section: HomeSection): string | undefined => versions[section]

/** Takes the `versions` of an answer (the home read, or a save's). */
export function rememberVersions(value: unknown): void {
  if (value && typeof value === 'object') Object.assign(versions, value)
}

/** A refused write: the section, the other person's version, and the same write sent again over it. */
export type SectionConflict = { section: HomeSection; conflict: EditConflict; overwrite: () => Promise<unknown> }

let onConflict: ((c: SectionConflict) => void) | null = null
/** The page's handler of refused writes (one page at a time). */
export function handleSectionConflicts(handler: ((c: SectionConflict) => void) | null): void {
  onConflict = handler
}

/**
 * Sends a write of `section` with its version as If-Match; remembers the section's new version (the ETag). `base`:
 * the version a restored draft started from (issue 30), so the server merges it with what was saved since or asks.
 */
export async function guardedWrite<T>(
  section: HomeSection,
  send: (ifMatch?: string) => Promise<{ data: T; version?: string }>,
  base?: string,
): Promise<T> {
  const sent = async (version: string | undefined) => {
    const res = await send(version)
    if (res.version) versions[section] = res.version
    return res.data
  }
  try {
    return await sent(base ?? versions[section])
  } catch (error) {
    const conflict = conflictOf(error)
    if (conflict) onConflict?.({ section, conflict, overwrite: () => sent(conflict.current.version) })
    throw error
  }
}
