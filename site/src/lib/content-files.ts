import { isAbsolute, join, resolve } from 'node:path'
import type { z } from 'zod'
import { collectionSource, entryFileOf, readSource } from '#schema/content-folder-read.ts'
import { isFolderCollection, legacyFile } from '#schema/content-layout.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { carriedStep } from './list-steps.ts'
import { renderScope } from './render-scope.ts'

declare const __REPO_ROOT__: string | undefined

/** Repo root: injected by astro.config.mjs (the build bundles this file elsewhere); the cwd otherwise (vitest). */
function repoRoot(): string {
  return typeof __REPO_ROOT__ === 'string' ? __REPO_ROOT__ : process.cwd()
}

/** The running publish's folder; else CONTENT_DIR (relative paths resolve from the repo root), else <repo>/content. */
export function contentDir(env: NodeJS.ProcessEnv = process.env, root: string = repoRoot()): string {
  const scoped = renderScope.getStore()?.contentDir
  if (scoped) return scoped
  const dir = env.CONTENT_DIR?.trim()
  if (!dir) return join(root, 'content')
  return isAbsolute(dir) ? dir : resolve(root, dir)
}

/** One readable line per zod issue: the field path and its message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
      return `  - ${path.replace(/^\./, '') || '(kök)'}: ${issue.message}`
    })
    .join('\n')
}

/**
 * The render's value of collection `name`: the publish's in memory, else the disk's (its folder or its one file,
 * decision 333), else `fallback`; with the path errors name (the folder's when it was read from a folder).
 */
function readRaw(dir: string, name: string, fallback: unknown): { raw: unknown; path: string; folder: boolean } {
  const legacy = join(dir, legacyFile(name))
  const inMemory = renderScope.getStore()?.read?.(name)
  if (inMemory !== undefined && inMemory !== null) return { raw: inMemory, path: legacy, folder: false }
  const source = collectionSource(dir, name)
  if (!source) return { raw: fallback, path: legacy, folder: false }
  return { raw: readSource(source), path: source.path, folder: source.layout === 'folder' }
}

/**
 * Reads collection `name` of `dir` and checks it with `schema`. A missing collection gives `fallback` (the API
 * creates files on first save); broken JSON or invalid content throws, which fails the build with the file and
 * the field named.
 */
export function readContentFile<S extends z.ZodType>(
  dir: string,
  name: string,
  schema: S,
  fallback: unknown,
  prepare: (raw: unknown) => unknown = (raw) => raw,
): z.infer<S> {
  const { raw, path } = readRaw(dir, name, fallback)
  const result = schema.safeParse(prepare(raw))
  if (!result.success) {
    throw new Error(`İçerik dosyası geçersiz: ${path}\n${describeIssues(result.error)}`)
  }
  return result.data
}

/** Server values may arrive as JSON strings (spec 3): parse such a string, keep anything else as it is. */
export function parseIfJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** Entries checked in an earlier publish, per file and id: an unchanged entry is not checked again. */
const checked = new Map<string, Map<string, { raw: unknown; value: unknown }>>()
/**
 * The same by the entry's object when it is frozen (the API's content in memory: a save replaces only the entries
 * it changed): an unchanged entry is found without a comparison, and without a step per entry to keep the id map
 * (issue 33: at 10,000 posts each publish compared and re-listed every entry).
 */
const checkedFrozen = new WeakMap<object, { value: unknown }>()
/** The last frozen list read per collection and its checked entries (carried by position, list-steps.ts). */
const checkedLists = carriedStep<unknown, unknown[]>()

/**
 * Like readContentFile for a list of entries with ids, checking each entry on its own: an entry equal to the
 * one checked before under its id keeps its checked value (and object), so a save of one post checks one post.
 */
export function readContentList<S extends z.ZodType>(
  dir: string,
  name: string,
  entry: S,
  prepare: (raw: unknown) => unknown,
): z.infer<S>[] {
  const { raw: list, path, folder } = readRaw(dir, name, [])
  if (!Array.isArray(list)) throw new Error(`İçerik dosyası geçersiz: ${path}\n  - (kök): Liste bekleniyordu`)
  // One cache per collection, whatever its layout.
  const key = join(dir, legacyFile(name))
  let before = checked.get(key)
  if (!before) checked.set(key, (before = new Map()))
  const checkOne = (raw: unknown, i: number): unknown => {
    const frozen = !!raw && typeof raw === 'object' && Object.isFrozen(raw)
    if (frozen) {
      const known = checkedFrozen.get(raw as object)
      if (known) return known.value
    }
    const id = raw && typeof raw === 'object' ? String((raw as { id?: unknown }).id) : ''
    const old = before.get(id)
    if (old && deepEqual(old.raw, raw)) {
      if (frozen) checkedFrozen.set(raw as object, { value: old.value })
      return old.value
    }
    const result = entry.safeParse(prepare(raw))
    if (!result.success) {
      // A folder's item is named by its own file (its id is its file's name: content-folder-read.ts checks it).
      if (folder && isFolderCollection(name))
        throw new Error(`İçerik dosyası geçersiz: ${entryFileOf(dir, name, id)}\n${describeIssues(result.error)}`)
      const issues = describeIssues(result.error).replace(/^ {2}- /gm, `  - [${i}].`).replace(/\[\d+\]\.\(kök\)/g, `[${i}]`)
      throw new Error(`İçerik dosyası geçersiz: ${path}\n${issues}`)
    }
    // An entry the schema gives back unchanged (the API stores entries in their checked form) is used as it is:
    // the site then holds one copy of the content, not a second one parsed from it (issue 33: 10,000 posts).
    const value = frozen && deepEqual(result.data, raw) ? raw : result.data
    // Kept by id for a later read from disk (new objects each time); ids that left stay (a few records).
    before.set(id, { raw, value })
    if (frozen) checkedFrozen.set(raw as object, { value })
    return value
  }
  const checkAll = () => list.map(checkOne)
  // The API's frozen list: carried from the last read, checking only the entries a save replaced (list-steps.ts).
  // A list read from disk is new objects each time and is not kept (it would hold a second copy of the content).
  if (!Object.isFrozen(list)) return checkAll() as z.infer<S>[]
  return checkedLists.run(key, list, checkAll, (out, _before, positions) => {
    const next = out.slice()
    for (const i of positions) next[i] = checkOne(list[i], i)
    noteReplaced(next, out, positions)
    return next
  }) as z.infer<S>[]
}

/** Deep equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false
  return true
}
