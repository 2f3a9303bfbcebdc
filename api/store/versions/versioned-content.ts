import { lstat } from 'node:fs/promises'
import { freezeEntries } from '../entry-bodies.ts'
import { isDeepStrictEqual } from 'node:util'
import { createDraft, finishDraft } from 'immer'
import { join } from 'node:path'
import { FIELD_LABELS } from '#schema/field-labels.ts'
import { msg } from '#schema/messages.ts'
import { fail, failWithBody } from '../../lib/errors.ts'
import { ContentRefused, gateText, type ContentGate } from '../gate/content-gate.ts'
import { plain, type Collections } from '../json-db.ts'
import { mergeContentData, type SyncConflict } from '../merge/file-merge.ts'
import { conflictKey, mergeItem } from '../merge/item-merge.ts'
import type { MergeConflict } from '../merge/three-way-merge.ts'
import { keepEntryLayout } from '../json-text.ts'
import type { ContentData, ContentName } from '../content-types.ts'
import { recoveredMessage, SERVER_AUTHOR } from '../git/content-repo.ts'
import type { CommitQueue, GitStatus } from '../git/commit-queue.ts'
import type { ListedConflict, SyncStatus } from '../git/remote-sync.ts'
import { changedParts, itemOf, putItem, versionOf, type ItemRef } from '../content-items.ts'
import { commitMessage } from './commit-message.ts'
import type { ContentHistory } from './content-history.ts'
import { loadContentFile } from './content-load.ts'
import { createFolderChanges, type FolderChanges } from './folder-changes.ts'
import { readContentFileSafely } from '../content-file.ts'
import { markChecked } from '../gate/content-gate.ts'
import { claimsOf } from '../gate/content-rules.ts'
import { checkEntryFile, checkOrderFile, inInputOrder, SCHEMAS } from '../gate/content-validation.ts'
import type { z } from 'zod'
import type { FileWrite } from '../folder-files.ts'
import { assembleOrder, entryPath, isFolderCollection, oldEntryPath, pathInfo, type FolderCollection } from '#schema/content-layout.ts'
import { checkContentFile, describeFileError, type ContentFileError } from '../gate/content-validation.ts'
import { editContext } from './edit-context.ts'
import { describeConflicts } from './conflict-view.ts'
import type { RecentVersions } from './recent-versions.ts'
import type { UploadIndex } from './upload-index.ts'
import { log } from '../../lib/log.ts'

/** The result of merging a file from the content remote: the bytes now live, or why it was refused. */
export type RemoteMerge =
  | { ok: true; text: readonly Buffer[] | string; conflicts: SyncConflict[] }
  | { ok: false; error: ContentFileError }

/** Replaces a collection's data inside its draft (a list's entries, a document's keys). */
function replaceAll(draft: unknown, data: unknown): void {
  if (Array.isArray(draft)) draft.splice(0, draft.length, ...(data as unknown[]))
  else {
    const doc = draft as Record<string, unknown>
    for (const key of Object.keys(doc)) delete doc[key]
    Object.assign(doc, data)
  }
}

/** A file text from git as loading would keep it (canonical), or as it is when the schemas refuse it. */
function storedForm(name: ContentName, text: string | null): unknown {
  if (text === null) return undefined
  const checked = checkContentFile(name, text)
  if (checked.ok) return checked.data
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An item of a folder collection from git as loading would keep it (canonical), or as it is when refused. */
function storedItem(name: FolderCollection, item: unknown): unknown {
  const result = (SCHEMAS[name] as z.ZodArray<z.ZodType>).element.safeParse(item)
  return result.success ? inInputOrder(result.data, item) : item
}

/**
 * The merged data with every entry that equals the live one replaced by the live object itself: json-db then
 * writes its bytes unchanged (a maintainer's layout stays) and the gate does not check it again.
 */
function keepUnchanged(live: unknown, merged: unknown): unknown {
  if (!Array.isArray(live) || !Array.isArray(merged)) return merged
  const byId = new Map(live.map((e) => [(e as { id?: unknown })?.id ?? e, e]))
  return merged.map((e) => {
    const same = byId.get((e as { id?: unknown })?.id ?? e)
    return same !== undefined && isDeepStrictEqual(same, e) ? same : e
  })
}

/**
 * What the admin's system status shows about content: refused external edits (with what a save does about each,
 * in Turkish), and git.
 */
export type ContentStatus = {
  errors: (ContentFileError & { onSave: string })[]
  /** With a content remote: the sync's state and the conflicts it kept the live value of (issue 19). */
  git: (GitStatus & { sync?: SyncStatus; conflicts?: ListedConflict[] }) | null
}

/** What a save does with a refused file on disk (decision 031), as the editors' warning says it. */
const ON_SAVE_KEPT =
  'Kaydettiğinizde diskteki geçersiz sürüm önce geçmişe ayrı bir kayıt olarak eklenir, sonra sizin değişikliğiniz yazılır.'
const ON_SAVE_REFUSED =
  'Diskteki değişiklik kaybolmasın diye bu dosya düzeltilene kadar kayıt yapılamaz; dosyayı düzeltin ya da geri alın.'

/** A refusal as one phrase: the file, the field and the reason. */
const describeRefusal = (e: ContentFileError) => {
  const key = e.field.match(/[A-Za-z_][A-Za-z0-9_]*/g)?.at(-1)
  return `${e.file}${key ? `, alan "${FIELD_LABELS[key] ?? key}"` : ''}: ${e.message}`
}

/** Git's parts, when CONTENT_DIR is versioned (in local mode the queue makes no commits, decision 026). */
export type GitParts = { queue: CommitQueue; history: ContentHistory; uploads: UploadIndex }

/** Thrown inside an update when If-Match names an older version; turned into a 412 with the current item. */
class StaleVersion extends Error {
  readonly ref: ItemRef
  readonly current: unknown
  /** The fields both sides changed, when the version the editor loaded was found (otherwise: everything). */
  readonly conflicts: MergeConflict[] | null
  constructor(ref: ItemRef, current: unknown, conflicts: MergeConflict[] | null = null) {
    super(msg.editConflict)
    this.ref = ref
    this.current = current
    this.conflicts = conflicts
  }
}

// lstat: a symlink is judged as the link it is (and refused), never by the file it points to.
const signature = (path: string) =>
  lstat(path).then(
    (s) => `${s.ino}:${s.size}:${s.mtimeMs}`,
    () => 'missing',
  )

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  )

/** Thrown before a folder collection's save writes files that changed outside the API: loaded, then saved again. */
class MovedOnDisk extends Error {
  readonly paths: string[]
  constructor(paths: string[]) {
    super(`changed outside: ${paths.join(', ')}`)
    this.paths = paths
  }
}

/** How often a save is tried again over files that keep changing outside while it writes. */
const MOVED_RETRIES = 3

/**
 * Wraps the JSON collections with what keeps edits safe: a write first loads a change made on disk outside the
 * API, refuses a stale If-Match (412), and queues a commit with the admin as author. External changes are checked
 * with the shared schemas before they replace the content in memory; an invalid file is refused and reported.
 */
export function versionCollections(
  inner: Collections<ContentData>,
  dir: string,
  names: ContentName[],
  git: GitParts | null,
  recent: RecentVersions,
  gate: ContentGate,
  /** How many known item files each watcher check compares besides the changed ones (folder-changes.ts). */
  folderCheck: { sweepFiles?: number } = {},
) {
  const known = new Map<ContentName, string>()
  /** Refused files whose bytes could not be read (a link, a FIFO, too large): a save cannot keep them in history. */
  const unreadable = new Set<ContentName>()
  const errors = new Map<ContentName, ContentFileError>()
  /** Text a file got outside the API (loaded or refused) since the last save: committed on its own before one. */
  const outside = new Map<ContentName, Buffer>()
  const queues = new Map<ContentName, Promise<unknown>>()
  const pathOf = (name: ContentName) => join(dir, `${name}.json`)
  /** Folder collections (decision 333): their files' outside changes, found per file. */
  const folders = new Map<FolderCollection, FolderChanges>()
  for (const name of names) if (isFolderCollection(name) && gate.isFolder(name)) folders.set(name, createFolderChanges(dir, name, folderCheck))
  /** A folder collection's item files changed outside (bytes, null: removed) since its last save: committed first. */
  const outsideFiles = new Map<FolderCollection, Map<string, Buffer | null>>()
  /** Item files refused when changed outside (the last valid item stays live), by path; whether their bytes were read. */
  const fileErrors = new Map<string, ContentFileError & { unreadable: boolean }>()
  const serial = <T>(name: ContentName, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(name) ?? Promise.resolve()).then(task, task)
    queues.set(
      name,
      run.catch(() => {}),
    )
    return run
  }

  /**
   * True when a save over a refused file keeps that file in history first (decision 031): commits are made (not
   * local mode, not git off) and its bytes were read; the commit queue then records them as their own commit.
   */
  const keepsRefusedFile = (name: ContentName) =>
    !!git && git.queue.status().mode === 'commit' && !unreadable.has(name)

  /** A save over a refused file that could not be kept in history would silently drop that edit: refused (409). */
  function refuseOverRefusedFile(name: ContentName) {
    const error = errors.get(name)
    if (!error || keepsRefusedFile(name)) return
    failWithBody(409, { success: false, message: msg.refusedFileSave(describeRefusal(error)) })
  }

  /**
   * Loads the item files (and order file) of a folder collection that changed outside: each checked as loading
   * checks it, the changed items put in the live list (a removed file removes its item), the collection rules checked
   * on the result. A refused file keeps its last valid item live and is reported by its path. True when anything
   * changed in memory.
   */
  async function loadFolderChanges(name: FolderCollection, paths: readonly string[]): Promise<boolean> {
    if (paths.length === 0) return false
    const live = inner.read(name) as readonly Record<string, unknown>[]
    const entries = new Map(live.map((e) => [e.id as string, e]))
    let order: string[] | null = live.map((e) => e.id as string)
    const changed = new Map<string, unknown>()
    const outside = outsideFiles.get(name) ?? new Map<string, Buffer | null>()
    outsideFiles.set(name, outside)
    for (const changedPath of paths) {
      const info = pathInfo(changedPath)
      let path = changedPath
      let read = await readContentFileSafely(join(dir, path))
      if (git?.queue) await git.queue.fileMovedOn(path)
      outside.set(path, read.kind === 'ok' ? read.bytes : null)
      if (info?.kind === 'entry') {
        // An item's file in its hash folder wins over one still in its old folder (decision 336): the old one beside
        // it is no item (a save or the next start removes it); with the hash folder's gone, the old one is the item.
        if (info.old) gate.oldFile(name, info.id, read.kind !== 'missing')
        if (info.old && (await exists(join(dir, entryPath(name, info.id))))) {
          fileErrors.delete(path)
          continue
        }
        const oldPath = oldEntryPath(name, info.id)
        if (!info.old && read.kind === 'missing' && (await exists(join(dir, oldPath)))) {
          fileErrors.delete(path)
          gate.oldFile(name, info.id, true)
          path = oldPath
          read = await readContentFileSafely(join(dir, path))
        }
      }
      if (read.kind === 'refused') {
        fileErrors.set(path, { file: path, field: '', message: read.reason, unreadable: true })
        outside.delete(path) // its bytes were not read: nothing to keep in history
        continue
      }
      if (info?.kind === 'order') {
        if (read.kind === 'missing') order = null
        else {
          const checked = checkOrderFile(path, read.bytes.toString('utf8'))
          if (checked.ok) order = checked.ids
          else fileErrors.set(path, { ...checked.error, unreadable: false })
        }
        continue
      }
      if (info?.kind !== 'entry') continue
      if (read.kind === 'missing') {
        entries.delete(info.id)
        fileErrors.delete(path)
        continue
      }
      const checked = checkEntryFile(name, info.id, path, read.bytes.toString('utf8'))
      if (!checked.ok) {
        fileErrors.set(path, { ...checked.error, unreadable: false })
        continue
      }
      fileErrors.delete(path)
      entries.set(info.id, checked.data as Record<string, unknown>)
      changed.set(info.id, checked.data)
    }
    const byId = new Map([...entries].map(([id, e]) => [id, { id, createdAt: e.createdAt as string | undefined, e }]))
    const next = assembleOrder(order, byId).list.map((x) => x.e)
    // Ids and addresses unique: a changed item that takes another's is refused and its last valid version kept.
    const owned = new Map<string, string>()
    for (const entry of next) if (!changed.has(entry.id as string)) for (const key of claimsOf(name, entry)) owned.set(key, entry.id as string)
    const result = next.flatMap((entry) => {
      const id = entry.id as string
      if (!changed.has(id)) return [entry]
      const taken = claimsOf(name, entry).find((key) => owned.has(key) && owned.get(key) !== id)
      if (taken === undefined) {
        for (const key of claimsOf(name, entry)) owned.set(key, id)
        return [entry]
      }
      fileErrors.set(entryPath(name, id), {
        file: entryPath(name, id),
        field: taken === id ? 'id' : 'slug',
        message: taken === id ? msg.idTaken : msg.slugTaken,
        unreadable: false,
      })
      const before = live.find((e) => e.id === id)
      return before ? [before] : []
    })
    if (isDeepStrictEqual(result, live)) return false
    // The changed items' bodies go to the process's file, as at start (entry-bodies.ts).
    const settled = freezeEntries(result)
    markChecked(name, settled)
    await inner.reload(name, settled as ContentData[typeof name])
    git?.uploads.add(settled)
    log.info(`${name}/ dışarıda değişti (${paths.join(', ')}); yeni içerik yüklendi ve yayınlanıyor.`)
    return true
  }

  /**
   * After a folder collection's write: its files' new signatures; an item file refused on disk that the write wrote
   * over holds the saved item now (kept in history first); an old folder's file it removed is gone (decision 336).
   */
  async function wroteFiles(name: FolderCollection, files: readonly FileWrite[]): Promise<void> {
    await folders.get(name)?.wrote(files.map((f) => f.path))
    for (const f of files) {
      fileErrors.delete(f.path)
      const info = pathInfo(f.path)
      if (info?.kind === 'entry' && info.old && f.bytes === null) gate.oldFile(name, info.id, false)
    }
  }

  /** Loads the file when it changed on disk since the API last read or wrote it; true when it did. */
  async function loadIfChanged(name: ContentName, sweep = false): Promise<boolean> {
    const folder = isFolderCollection(name) ? folders.get(name) : undefined
    // A save looks at the folders and the files it writes; the turn over every file is the poll's (issue 33: 1,000
    // lstat calls on each save's path at 10,000 posts).
    if (folder) return loadFolderChanges(name as FolderCollection, await folder.changed(sweep))
    const now = await signature(pathOf(name))
    if (now === known.get(name)) return false
    known.set(name, now)
    const loaded = await loadContentFile(dir, name)
    if (loaded.kind === 'missing') return false
    if (loaded.kind === 'ok') gate.remember(name, loaded.layout)
    if (git?.queue && loaded.bytes) {
      // The file no longer holds what a save still waiting for its commit wrote: the journal keeps those bytes.
      // What it holds now (loaded or refused) is committed on its own before the next save overwrites it.
      await git.queue.fileMovedOn(`${name}.json`)
      outside.set(name, loaded.bytes)
    }
    if (loaded.kind === 'refused') {
      errors.set(name, loaded.error)
      if (loaded.bytes === null) unreadable.add(name)
      else unreadable.delete(name)
      log.error({ file: `${name}.json` }, describeFileError(loaded.error))
      return false
    }
    errors.delete(name)
    if (name !== 'media') git?.uploads.add(loaded.data)
    // The checked data, not a second read of the file: what was checked is exactly what goes live.
    await inner.reload(name, loaded.data as ContentData[typeof name])
    log.info(`${name}.json dışarıda değişti; yeni içerik yüklendi ve yayınlanıyor.`)
    return true
  }

  /**
   * The item this collection's save is stale against: the one its If-Match names, when stored in another version
   * than the one named. Undefined when the save has no If-Match on this collection, or it is not stale.
   */
  function staleItem(name: ContentName, stored: unknown): unknown {
    const expected = editContext.getStore()?.ifMatch
    if (expected?.ref.name !== name) return undefined
    const current = itemOf(expected.ref, stored)
    // A missing item gives undefined either way: nothing to be stale against.
    return versionOf(current) !== expected.version ? current : undefined
  }

  /**
   * The version the editor loaded, when the save is stale: from the versions editors loaded lately, else from the
   * item's history (git processes: only for a stale save). Undefined when not stale or not found.
   */
  async function baseOfStaleSave(name: ContentName): Promise<unknown> {
    if (staleItem(name, inner.read(name)) === undefined) return undefined
    const { ref, version } = editContext.getStore()!.ifMatch!
    const recentBase = recent.find(ref, version)
    if (recentBase !== undefined || !git) return recentBase
    const entry = (await git.history.list(ref).catch(() => [])).find((e) => e.version === version)
    return entry ? git.history.itemAt(ref, entry.commit).catch(() => undefined) : undefined
  }

  /**
   * Applies `fn` to the draft. When If-Match names an older version, the save is made on the version the editor
   * loaded and merged, field by field, with what is stored now (issue 19): saved when no field was changed both
   * ways (or the editor chose for each), otherwise refused with the fields that clash.
   */
  function applyGuarded<R>(name: ContentName, draft: unknown, fn: (d: never) => R, base: unknown): R {
    const stored = inner.read(name)
    const current = staleItem(name, stored)
    if (current === undefined) return fn(draft as never)
    // A stale save has an edit context with an If-Match (staleItem found it).
    const context = editContext.getStore()!
    const { ref } = context.ifMatch!
    if (base === undefined) throw new StaleVersion(ref, current)
    // The save as the editor meant it: applied to the version they loaded.
    const scratch = createDraft(stored as object)
    putItem(ref, scratch, structuredClone(base))
    const result = plain(fn(scratch as never))
    const mine = itemOf(ref, finishDraft(scratch))
    const { merged, open, all } = mergeItem(base, mine, current, context.choices)
    if (open.length > 0) throw new StaleVersion(ref, current, all)
    if (merged === undefined) return fn(draft as never) // a delete the editor confirmed over the other change
    putItem(ref, draft, merged)
    context.merged = true
    return result
  }

  async function answerStale(err: StaleVersion): Promise<never> {
    // The history waits for queued commits: it names the other person, not whoever saved before them.
    const last = git ? (await git.history.list(err.ref).catch(() => []))[0] : undefined
    failWithBody(412, {
      success: false,
      message: msg.editConflict,
      current: { ...(err.current as object), version: versionOf(err.current) },
      changedBy: last ? { name: last.author.name, date: last.date } : null,
      // Only the fields both people changed: the rest of both edits is kept when the editor saves again.
      conflicts: err.conflicts ? describeConflicts(err.conflicts, err.current) : null,
    })
  }

  /** A save the gate refused: 422 with the field as the admin's form names it; nothing was written. */
  function answerRefused(err: ContentRefused): never {
    const { field, message } = err.error
    const key = field.match(/[A-Za-z_][A-Za-z0-9_]*/g)?.at(-1)
    const label = key ? (FIELD_LABELS[key] ?? key) : ''
    log.warn({ file: err.error.file, field }, `Kayıt reddedildi: ${message}`)
    fail(422, msg.contentRefused(label, message), key ? { [key]: message } : undefined)
  }

  /** A folder collection's files changed outside since its last save: one commit under the server's name first. */
  async function commitOutsideFiles(name: FolderCollection): Promise<void> {
    const changed = outsideFiles.get(name)
    if (!changed?.size) return
    outsideFiles.delete(name)
    const files = [...changed].map(([path, bytes]) => ({ name: path, text: bytes }))
    await git?.queue.enqueue({ files, collection: name, author: SERVER_AUTHOR, message: recoveredMessage(`${name}/`) }, { keepBytes: true })
  }

  /**
   * Before a folder collection's save writes its files (json-db's hook): a file changed outside since the API last
   * read it is loaded first (the save is made again over it, MovedOnDisk), never overwritten unseen; a refused file
   * whose bytes could not be read (a link, too large) cannot be kept in history, so no save overwrites it (409).
   */
  async function beforeWrite(name: ContentName, files: readonly FileWrite[]): Promise<void> {
    const folder = isFolderCollection(name) ? folders.get(name) : undefined
    if (!folder) return
    const paths = files.map((f) => f.path)
    const unreadableFile = paths.map((p) => fileErrors.get(p)).find((e) => e?.unreadable)
    if (unreadableFile) failWithBody(409, { success: false, message: msg.refusedFileSave(describeRefusal(unreadableFile)) })
    const moved = await folder.moved(paths)
    if (moved.length) throw new MovedOnDisk(moved)
  }

  const store: Omit<Collections<ContentData>, 'replace' | 'lastWritten'> = {
    read: (name) => inner.read(name),
    update: (name, fn) =>
      serial(name, async () => {
        await loadIfChanged(name)
        refuseOverRefusedFile(name)
        const queue = git?.queue
        const folder = isFolderCollection(name) ? folders.get(name) : undefined
        const edited = outside.get(name)
        if (folder) await commitOutsideFiles(name as FolderCollection)
        else if (queue && edited !== undefined) {
          // A change made outside the API (not committed by whoever made it) is recorded as its own commit before
          // this save overwrites the file: never folded into this admin's commit (issue 18). A change already in
          // HEAD (a pull) makes no commit.
          outside.delete(name)
          const file = `${name}.json`
          await queue.enqueue(
            { file: { name: file, text: edited }, author: SERVER_AUTHOR, message: recoveredMessage(file) },
            { keepBytes: true },
          )
        }
        const base = await baseOfStaleSave(name)
        const context = editContext.getStore()
        let before = inner.read(name)
        let result: unknown
        for (let attempt = 1; ; attempt++) {
          try {
            result = await inner.update(name, (draft) => applyGuarded(name, draft, fn as (d: never) => unknown, base))
            break
          } catch (err) {
            // Files this save was about to write changed outside: loaded (and kept in history), then saved again.
            if (err instanceof MovedOnDisk && folder && attempt < MOVED_RETRIES) {
              await loadFolderChanges(name as FolderCollection, err.paths)
              await commitOutsideFiles(name as FolderCollection)
              before = inner.read(name)
              continue
            }
            if (err instanceof StaleVersion) await answerStale(err)
            if (err instanceof ContentRefused) answerRefused(err)
            throw err
          }
        }
        // Still this save's turn: what it wrote is what its answer names (ETag, merged entry), whatever comes next.
        if (context) (context.saved ??= {})[name] = inner.read(name)
        const files = folder ? (inner.lastWritten(name) ?? []) : null
        if (folder) await wroteFiles(name as FolderCollection, files!)
        else known.set(name, await signature(pathOf(name)))
        errors.delete(name)
        // The saved version is what this editor has now: a later save of theirs over a newer one merges from it.
        if (context?.ifMatch?.ref.name === name) recent.remember(context.ifMatch.ref, itemOf(context.ifMatch.ref, inner.read(name)))
        if (git) {
          const after = inner.read(name)
          // media.json lists every upload: only content that shows an upload keeps it.
          if (name !== 'media') git.uploads.add(changedParts(name, before, after))
          const author = context?.author ?? SERVER_AUTHOR
          const message = context?.message ?? commitMessage(name, before, after)
          // The commit's intent is durable before the save is answered; the commit itself follows off the path. A
          // folder collection's commit records exactly the files the save wrote (none: nothing changed, no commit).
          if (files) {
            if (files.length) await queue?.enqueue({ files: files.map((f) => ({ name: f.path, text: f.bytes })), collection: name, author, message })
          } else await queue?.enqueue({ file: { name: `${name}.json`, text: gate.serialize(name, after) }, author, message })
        }
        return result as never
      }),
    reload: (name) => serial(name, () => loadIfChanged(name, true).then(() => {})),
  }

  return {
    store,
    beforeWrite,
    /** From now on `name` is stored as a folder of item files (the move at start, or a new content folder). */
    async adoptFolder(name: FolderCollection): Promise<void> {
      gate.storeAsFolder(name)
      const changes = createFolderChanges(dir, name, folderCheck)
      await changes.remember()
      folders.set(name, changes)
    },
    /**
     * Records the files as loaded at start (so only later changes count as external), and the files refused at
     * start (the store started from their last valid version).
     */
    async init(
      refusedAtStart: Map<ContentName, ContentFileError & { unreadable?: boolean }> = new Map(),
      filesRefusedAtStart: Map<string, ContentFileError & { unreadable: boolean }> = new Map(),
    ) {
      for (const [path, error] of filesRefusedAtStart) fileErrors.set(path, error)
      for (const [name, { unreadable: noBytes, ...error }] of refusedAtStart) {
        errors.set(name, error)
        if (noBytes) unreadable.add(name)
      }
      for (const folder of folders.values()) await folder.remember()
      for (const name of names) {
        known.set(name, await signature(pathOf(name)))
        if (name !== 'media') git?.uploads.add(inner.read(name))
      }
    },
    /**
     * Merges a content file as the content remote has it into the live one (issue 19): `base` is the file at the
     * common ancestor, `theirs` at the remote (null: absent). Checked with the schemas before it is written; no
     * commit is queued (the sync records the result as its merge commit). Returns the bytes written.
     */
    mergeRemote: (name: ContentName, base: string | null, theirs: string | null, beforeRead?: () => Promise<void>) =>
      serial(name, async (): Promise<RemoteMerge> => {
        // Saves written before this merge whose commits still wait: committed first, so the merge commit follows them.
        await beforeRead?.()
        await loadIfChanged(name)
        const live = inner.read(name)
        // Every side in the stored (canonical) form: a default the remote's file merely leaves out is no change,
        // so a deletion in git takes effect and nothing is pushed back (issue 27).
        const { data, conflicts } = mergeContentData(`${name}.json`, storedForm(name, base), live, storedForm(name, theirs))
        const checked = checkContentFile(name, JSON.stringify(data ?? null))
        if (!checked.ok) return { ok: false, error: checked.error }
        // The remote's file as a start would read it: within the size limit, accepted by the schemas.
        const remote = theirs === null ? null : gateText(name, theirs)
        try {
          if (remote?.ok && isDeepStrictEqual(checked.data, remote.data)) {
            // Nothing of ours to add: the remote's own bytes, so the file matches its commit (a fast-forward).
            gate.remember(name, keepEntryLayout(remote.data, theirs!, isDeepStrictEqual))
            await inner.replace(name, remote.data as ContentData[typeof name], theirs!)
            if (!isDeepStrictEqual(remote.data, live)) git?.uploads.add(remote.data)
            known.set(name, await signature(pathOf(name)))
            errors.delete(name)
            return { ok: true, text: theirs!, conflicts }
          }
          if (!isDeepStrictEqual(checked.data, live)) {
            await inner.update(name, (draft) => replaceAll(draft, keepUnchanged(live, checked.data)))
            known.set(name, await signature(pathOf(name)))
            errors.delete(name)
            git?.uploads.add(changedParts(name, live, inner.read(name)))
          }
        } catch (err) {
          if (err instanceof ContentRefused) return { ok: false, error: err.error }
          throw err
        }
        return { ok: true, text: gate.serialize(name, inner.read(name)), conflicts }
      }),
    /**
     * Merges a folder collection as the content remote has it (decision 333): `base` and `theirs` are its views
     * (one list each, items neither side changed as shared placeholders, git/folder-views.ts), merged with the live
     * list by the same rules and conflicts as a one-file collection, then saved through the gate. Returns the files
     * written (for the merge commit), or why the remote's version is refused.
     */
    mergeRemoteFolder: (name: FolderCollection, base: unknown[] | null, theirs: unknown[] | null, beforeRead?: () => Promise<void>, keep: readonly string[] = []) =>
      serial(name, async (): Promise<{ ok: true; files: { name: string; text: Buffer | null }[]; conflicts: SyncConflict[] } | { ok: false; error: ContentFileError }> => {
        await beforeRead?.()
        await loadIfChanged(name)
        const live = inner.read(name)
        // Items in the stored form, as loading keeps them (a default the remote's file leaves out is no change).
        const stored = (list: unknown[] | null) => list?.map((item) => storedItem(name, item))
        const { data, conflicts } = mergeContentData(`${name}.json`, stored(base), live, stored(theirs))
        let files: { name: string; text: Buffer | null }[] = []
        if (!isDeepStrictEqual(data, live)) {
          try {
            await inner.update(name, (draft) => replaceAll(draft, keepUnchanged(live, data)))
          } catch (err) {
            if (err instanceof ContentRefused) return { ok: false, error: err.error }
            throw err
          }
          const written = inner.lastWritten(name) ?? []
          await wroteFiles(name, written)
          git?.uploads.add(changedParts(name, live, inner.read(name)))
          files = written.map((f) => ({ name: f.path, text: f.bytes }))
        }
        // The paths asked for as they are on disk now, read under the collection's lock (no save in between).
        for (const path of keep.filter((p) => !files.some((f) => f.name === p))) {
          const read = await readContentFileSafely(join(dir, path))
          if (read.kind !== 'refused') files.push({ name: path, text: read.kind === 'ok' ? read.bytes : null })
        }
        return { ok: true, files, conflicts }
      }),
    /** A file in a folder collection the watcher saw change (`blogs/26/x.json`): compared at the next check. */
    noteOutside(path: string): void {
      const name = path.split('/')[0]!
      if (isFolderCollection(name)) folders.get(name)?.hint(path)
    },
    /** Checks every file for a change made outside the API (the watcher calls it). */
    checkAll: (sweep = true) => Promise.all(names.map((name) => serial(name, () => loadIfChanged(name, sweep)))),
    status: (): ContentStatus => ({
      errors: [
        ...[...errors].map(([name, error]) => ({
          ...error,
          onSave: keepsRefusedFile(name) ? ON_SAVE_KEPT : ON_SAVE_REFUSED,
        })),
        ...[...fileErrors.values()].map(({ unreadable: noBytes, ...error }) => ({
          ...error,
          onSave: !noBytes && !!git && git.queue.status().mode === 'commit' ? ON_SAVE_KEPT : ON_SAVE_REFUSED,
        })),
      ],
      git: git?.queue.status() ?? null,
    }),
  }
}
