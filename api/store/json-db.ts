import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Low } from 'lowdb'
import { JSONFile } from 'lowdb/node'

/** A set of named JSON files in one folder (`<dir>/<name>.json`), read once and kept in memory. */
export type Collections<D> = {
  /** Current data of a collection (read-only use; change it through `update`). */
  read<K extends keyof D>(name: K): D[K]
  /** Mutates a collection, writes its file atomically, reports the change and returns what `fn` returned. */
  update<K extends keyof D, R>(name: K, fn: (data: D[K]) => R): Promise<R>
}

/**
 * One lowdb file, read once and kept in memory. Mutations run synchronously on the in-memory data and are then
 * written through steno (temp file + rename, so a crash never leaves a torn file; concurrent writes are queued),
 * so two concurrent saves both survive.
 */
async function openJsonDb<T>(path: string, defaults: T): Promise<Low<T>> {
  await mkdir(dirname(path), { recursive: true })
  // Not JSONFilePreset: it swaps in an in-memory adapter under NODE_ENV=test (see CONVENTIONS.md).
  const db = new Low<T>(new JSONFile<T>(path), structuredClone(defaults))
  await db.read()
  return db
}

/** Opens `<dir>/<key>.json` for each key of `defaults` (a missing file starts as its default). */
export async function openCollections<D extends object>(
  dir: string,
  defaults: D,
  onChange: (name: keyof D) => void = () => {},
): Promise<Collections<D>> {
  const dbs = {} as { [K in keyof D]: Low<D[K]> }
  for (const name of Object.keys(defaults) as (keyof D & string)[]) {
    dbs[name] = await openJsonDb(join(dir, `${name}.json`), defaults[name])
  }
  return {
    read: (name) => dbs[name].data,
    async update(name, fn) {
      let result!: ReturnType<typeof fn>
      await dbs[name].update((data) => {
        result = fn(data)
      })
      onChange(name)
      return result
    },
  }
}
