import { lstat } from 'node:fs/promises'
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
) {
  const known = new Map<ContentName, string>()
  /** Refused files whose bytes could not be read (a link, a FIFO, too large): a save cannot keep them in history. */
  const unreadable = new Set<ContentName>()
  const errors = new Map<ContentName, ContentFileError>()
  /** Text a file got outside the API (loaded or refused) since the last save: committed on its own before one. */
  const outside = new Map<ContentName, Buffer>()
  const queues = new Map<ContentName, Promise<unknown>>()
  const pathOf = (name: ContentName) => join(dir, `${name}.json`)
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

  /** Loads the file when it changed on disk since the API last read or wrote it; true when it did. */
  async function loadIfChanged(name: ContentName): Promise<boolean> {
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

  const store: Omit<Collections<ContentData>, 'replace'> = {
    read: (name) => inner.read(name),
    update: (name, fn) =>
      serial(name, async () => {
        await loadIfChanged(name)
        refuseOverRefusedFile(name)
        const queue = git?.queue
        const edited = outside.get(name)
        if (queue && edited !== undefined) {
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
        const before = inner.read(name)
        const context = editContext.getStore()
        const result = await inner
          .update(name, (draft) => applyGuarded(name, draft, fn as (d: never) => unknown, base))
          .catch((err) =>
            err instanceof StaleVersion ? answerStale(err) : err instanceof ContentRefused ? answerRefused(err) : Promise.reject(err),
          )
        // Still this save's turn: what it wrote is what its answer names (ETag, merged entry), whatever comes next.
        if (context) (context.saved ??= {})[name] = inner.read(name)
        known.set(name, await signature(pathOf(name)))
        errors.delete(name)
        // The saved version is what this editor has now: a later save of theirs over a newer one merges from it.
        if (context?.ifMatch?.ref.name === name) recent.remember(context.ifMatch.ref, itemOf(context.ifMatch.ref, inner.read(name)))
        if (git) {
          const after = inner.read(name)
          // media.json lists every upload: only content that shows an upload keeps it.
          if (name !== 'media') git.uploads.add(changedParts(name, before, after))
          // The commit's intent is durable before the save is answered; the commit itself follows off the path.
          await queue?.enqueue({
            file: { name: `${name}.json`, text: gate.serialize(name, after) },
            author: context?.author ?? SERVER_AUTHOR,
            message: context?.message ?? commitMessage(name, before, after),
          })
        }
        return result as never
      }),
    reload: (name) => serial(name, () => loadIfChanged(name).then(() => {})),
  }

  return {
    store,
    /**
     * Records the files as loaded at start (so only later changes count as external), and the files refused at
     * start (the store started from their last valid version).
     */
    async init(refusedAtStart: Map<ContentName, ContentFileError & { unreadable?: boolean }> = new Map()) {
      for (const [name, { unreadable: noBytes, ...error }] of refusedAtStart) {
        errors.set(name, error)
        if (noBytes) unreadable.add(name)
      }
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
    /** Checks every file for a change made outside the API (the watcher calls it). */
    checkAll: () => Promise.all(names.map((name) => serial(name, () => loadIfChanged(name)))),
    status: (): ContentStatus => ({
      errors: [...errors].map(([name, error]) => ({
        ...error,
        onSave: keepsRefusedFile(name) ? ON_SAVE_KEPT : ON_SAVE_REFUSED,
      })),
      git: git?.queue.status() ?? null,
    }),
  }
}
