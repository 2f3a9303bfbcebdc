import type { DatabaseSync } from 'node:sqlite'
import { deepFreeze } from '../durable-file.ts'

/** Site-wide switches (table site_state, one row). */
export type SiteState = { maintenanceMode: boolean }

/** The site state, cached in memory (every public request reads the maintenance flag). */
export function siteStateTable(db: DatabaseSync) {
  const load = (): SiteState => {
    const row = db.prepare('SELECT maintenance_mode FROM site_state WHERE id = 1').get()
    return deepFreeze({ maintenanceMode: Number(row?.maintenance_mode ?? 0) === 1 })
  }
  const save = db.prepare('UPDATE site_state SET maintenance_mode = ? WHERE id = 1')
  let current = load()
  return {
    read: (): SiteState => current,
    /** Runs `fn` on a copy, stores it, and only then shows it to readers. */
    update<R>(fn: (state: SiteState) => R): R {
      const draft = { ...current }
      const result = fn(draft)
      save.run(draft.maintenanceMode ? 1 : 0)
      current = deepFreeze(draft)
      return result
    },
  }
}
