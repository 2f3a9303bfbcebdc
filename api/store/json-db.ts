import { current as plainCopy, Immer, isDraft } from 'immer'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DIR_MODE, deepFreeze, writeFileDurably } from './durable-file.ts'
import { writeFilesDurably, type FileWrite } from './folder-files.ts'
import { collectionChunks } from './json-text.ts'

/**
 * Drafts of the data whose result Immer does not freeze: the gate freezes what a save changed, and the store
 * freezes the rest before the data is current (deepFreeze stops at what is frozen already). Immer's own freeze
 * walked every entry of the list on each save: 100,000 at 100,000 posts (issue 33).
 */
const drafts = new Immer({ autoFreeze: false })

/** A set of named JSON files in one folder (`<dir>/<name>.json`), read once and kept in memory. */
export type Collections<D> = {
  /** Current data of a collection: deeply frozen, so a reader cannot change it (change it through `update`). */
  read<K extends keyof D>(name: K): D[K]
  /**
   * Runs `fn` on a draft of the data, writes the result durably, and only then makes it the current data and
   * reports the change. If `fn` throws or the write fails, the error reaches the caller and nothing changes, in
   * memory or on disk. The new data shares every entry `fn` did not change with the old (copy on write), so a
   * save of one post in 10,000 copies, freezes and serialises one post. What `fn` returns is plain data.
   */
  update<K extends keyof D, R>(name: K, fn: (data: D[K]) => R): Promise<R>
  /**
   * Makes `data` (already read and checked by the caller: an edit made outside the API) the current data, or reads
   * the collection's file again when none is given; reports the change.
   */
  reload<K extends keyof D>(name: K, data?: D[K]): Promise<void>
  /**
   * Makes checked data current and writes `bytes` as its file (the content remote's own bytes, so the file matches
   * its commit); the gate checks `data` first.
   */
  replace<K extends keyof D>(name: K, data: D[K], bytes: string | Buffer): Promise<void>
  /**
   * The files the last write of a folder collection wrote or removed (decision 333), exactly as written: what its
   * commit records. Null for a one-file collection.
   */
  lastWritten<K extends keyof D>(name: K): readonly FileWrite[] | null
}

/** Called with a folder collection's files after the gate and before any is written; a throw writes nothing. */
export type BeforeWrite<D> = (name: keyof D, files: readonly FileWrite[]) => Promise<void>

/** What an update function returned, with any draft in it (at the top or one level down) made plain. */
export function plain<R>(value: R): R {
  if (isDraft(value)) return plainCopy(value as object) as R
  if (Array.isArray(value)) return value.map((v) => (isDraft(v) ? plainCopy(v) : v)) as R
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = isDraft(v) ? plainCopy(v) : v
    return out as R
  }
  return value
}

async function readJson<T>(path: string, fallback: T): Promise<T> {
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null
    throw err
  })
  return text === null ? structuredClone(fallback) : (JSON.parse(text) as T)
}

/**
 * The check every write passes before it is durable (the content store's gate, issue 27): the data to keep and
 * the exact bytes to write, or a throw that leaves everything as it was.
 */
export type WriteGate<D> = <K extends keyof D>(
  name: K,
  next: D[K],
  previous: D[K],
) => { data: D[K]; bytes: readonly Buffer[] } | { data: D[K]; files: readonly FileWrite[] }



/** Without a gate: the data as it is, in lowdb's format. */
const ungated = <T>(_name: unknown, next: T) => ({ data: next, bytes: collectionChunks(next) })

/**
 * Opens `<dir>/<key>.json` for each key of `defaults` (a missing file starts as its default). `load` replaces the
 * plain read at start: the content store checks what it reads (untrusted files from git). `gate` checks every
 * write's complete next file before it is written.
 */
export async function openCollections<D extends object>(
  dir: string,
  defaults: D,
  onChange: (name: keyof D) => void = () => {},
  load?: <K extends keyof D>(name: K) => Promise<D[K]>,
  gate: WriteGate<D> = ungated,
  beforeWrite: BeforeWrite<D> = async () => {},
): Promise<Collections<D>> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const names = Object.keys(defaults) as (keyof D & string)[]
  const pathOf = (name: keyof D & string) => join(dir, `${name}.json`)
  const current = {} as { [K in keyof D]: D[K] }
  // One queue per collection: each update starts from the data the previous one committed.
  const queues = {} as Record<keyof D, Promise<unknown>>
  for (const name of names) {
    current[name] = deepFreeze(load ? await load(name) : await readJson(pathOf(name), defaults[name]))
    queues[name] = Promise.resolve()
  }
  const written = new Map<keyof D, readonly FileWrite[]>()
  /** Writes what the gate returned: a folder collection's changed files (decision 333), or one file's bytes. */
  const writeGated = async (name: keyof D & string, out: ReturnType<WriteGate<D>>, bytes?: string | Buffer) => {
    if (!('files' in out)) return writeFileDurably(pathOf(name), bytes ?? out.bytes)
    await beforeWrite(name, out.files)
    await writeFilesDurably(dir, out.files)
    written.set(name, out.files)
  }
  const enqueue = <T>(name: keyof D, task: () => Promise<T>): Promise<T> => {
    const run = queues[name].then(task, task)
    queues[name] = run.catch(() => {})
    return run
  }
  return {
    read: (name) => current[name],
    update: (name, fn) =>
      enqueue(name, async () => {
        // lowdb's format (two-space indented JSON, so content/ diffs stay readable), unchanged entries' bytes reused.
        const draft = drafts.createDraft(current[name] as object) as (typeof current)[typeof name]
        const result = plain(fn(draft))
        const out = gate(name, drafts.finishDraft(draft) as D[typeof name], current[name])
        const next = deepFreeze(out.data)
        await writeGated(name as keyof D & string, out)
        current[name] = next
        onChange(name)
        return result
      }),
    replace: (name, data, bytes) =>
      enqueue(name, async () => {
        const out = gate(name, data, current[name])
        const next = deepFreeze(out.data)
        // A one-file collection gets the remote's own bytes (the file then matches its commit); a folder the gate's.
        await writeGated(name as keyof D & string, out, bytes)
        current[name] = next
        onChange(name)
      }),
    lastWritten: (name) => written.get(name) ?? null,
    reload: (name, data) =>
      enqueue(name, async () => {
        current[name] = deepFreeze(data ?? (await readJson(pathOf(name as keyof D & string), defaults[name])))
        onChange(name)
      }),
  }
}
