import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { ContentRepo } from '../git/content-repo.ts'
import { git } from '../git/git-exec.ts'
import { entriesOf, HOME_SECTIONS, isValidRef, itemOf, SLIDER_ID } from '../content-items.ts'
import type { ContentName } from '../content-types.ts'
import type { ItemHistoryRow, ItemHistoryTable } from '../private/item-history.ts'

/**
 * Versions read per git process while scanning: as many as make about 16 MB by the file's size now (a long first
 * scan of a small file reads hundreds a process: a git process costs far more than the bytes), 1 to 500.
 */
const BATCH_BYTES = 16 * 1024 * 1024
const batchFor = (bytes: number) => Math.max(1, Math.min(500, Math.floor(BATCH_BYTES / Math.max(bytes, 1))))

/**
 * Each item of a parsed content file as JSON text, by item id ('' for a whole document): what "changed" means for
 * a history (content-history.ts compares the same texts). A file that is not valid JSON holds no item.
 */
export function itemTexts(name: ContentName, data: unknown): Map<string, string> {
  const texts = new Map<string, string>()
  if (data === null || data === undefined) return texts
  const put = (id: string | undefined) => {
    const item = itemOf({ name, id }, data)
    if (item !== undefined && !texts.has(id ?? '')) texts.set(id ?? '', JSON.stringify(item))
  }
  // A list (an id makes a valid ref): its entries, and the references' slider; home: its sections; else the file.
  if (isValidRef({ name, id: 'x' })) {
    for (const entry of entriesOf(name, data)) if (typeof entry?.id === 'string') put(entry.id)
    if (name === 'references') put(SLIDER_ID)
  } else if (name === 'home') for (const key of HOME_SECTIONS) put(key)
  else put(undefined)
  return texts
}

/**
 * HEAD's commit read from the ref files (every history asks, and a git process costs far more than two small reads
 * on a busy machine): the loose ref file, else its line in packed-refs (git reads them in that order); null when
 * neither has it (a worktree's shared refs, another ref store): then git is asked.
 */
async function headFromFiles(gitDir: string): Promise<string | null> {
  try {
    const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim()
    if (/^[0-9a-f]{40,64}$/.test(head)) return head
    const ref = /^ref: (refs\/heads\/[^\s]+)$/.exec(head)?.[1]
    if (!ref || ref.includes('..')) return null
    const loose = await readFile(join(gitDir, ref), 'utf8').catch(() => null)
    // Not loose: packed by `git gc` (a line "<id> <ref>" in packed-refs).
    const id = (loose ?? packedRef(await readFile(join(gitDir, 'packed-refs'), 'utf8'), ref) ?? '').trim()
    return /^[0-9a-f]{40,64}$/.test(id) ? id : null
  } catch {
    return null
  }
}
const packedRef = (text: string, ref: string) =>
  text.split('\n').find((line) => line.endsWith(` ${ref}`) && !line.startsWith('#'))?.split(' ')[0]

/**
 * The items of a version by a digest of their text (what `itemTexts` compares, in ~30 bytes instead of the text):
 * kept between scans for the last version scanned (issue 33), so a scan after one save reads, parses and
 * serialises one version of the file, not two (at 10,000 posts each is a 20 MB file).
 */
function itemDigests(name: ContentName, data: unknown): Map<string, string> {
  const out = new Map<string, string>()
  for (const [id, text] of itemTexts(name, data)) out.set(id, createHash('sha1').update(text).digest('base64'))
  return out
}

const parse = (text: string | null | undefined): unknown => {
  try {
    return text === null || text === undefined ? null : JSON.parse(text)
  } catch {
    return null // a broken file in history: no item existed in it (as content-history.ts reads it)
  }
}

/**
 * Which commits changed which item (decision 272), kept in `table` and brought up to HEAD incrementally: a scan
 * reads only the commits of a file made since the last one, compares each version's items with the version
 * before it in the file's log, and records the items that differ. An item's history then reads its own commits.
 * `ready` turns true after the first scan of every file (the one after a long history may take a while; until
 * then a history falls back to reading the file's last commits).
 */
export function createItemIndex(repo: Promise<ContentRepo>, table: ItemHistoryTable, names: ContentName[]) {
  let chain: Promise<unknown> = Promise.resolve()
  let ready = false
  const stats = { scannedCommits: 0, versionsRead: 0 }
  /** Per repository and file: the last version a scan compared, and its items' digests. */
  const lastScanned = new Map<string, { commit: string; items: Map<string, string> }>()

  async function scan(name: ContentName): Promise<void> {
    const r = await repo
    const key = `${r.root}\n${r.prefix}`
    const file = `${name}.json`
    const path = r.prefix ? `${r.prefix}/${file}` : file
    const run = (args: string[]) => git(args, { cwd: r.root })
    const head =
      (await headFromFiles(r.gitDir)) ??
      (await run(['rev-parse', '--verify', '-q', 'HEAD^{commit}']).catch(() => '')).trim()
    if (head === '') return
    const tip = table.tip(key, file)
    if (tip?.head === head) return
    // A history rewritten under us (the old HEAD gone from it, a force-push): the file is scanned whole again.
    const fromTip =
      tip !== null && (await run(['merge-base', '--is-ancestor', tip.head, head]).then(() => true, () => false))
    // The same commits `git log -- file` lists (content-history.ts's fallback), merges included, oldest first.
    const out = await run([
      'log',
      '-z',
      '--reverse',
      '--format=%H%x00%an%x00%ae%x00%aI%x00%s',
      head,
      ...(fromTip ? ['--not', tip!.head] : []),
      '--',
      path,
    ])
    const fields = out.split('\0')
    const commits: Omit<ItemHistoryRow, 'item' | 'position'>[] = []
    for (let i = 0; i + 4 < fields.length; i += 5) {
      const [commit, authorName, email, date, message] = fields.slice(i, i + 5) as string[]
      const id = commit!.replace(/^\n/, '') // -z ends each record with a NUL, the next starts after a newline
      if (!/^[0-9a-f]{40,64}$/.test(id)) break
      commits.push({ commit: id, author: { name: authorName!, email: email! }, date: date!, message: message! })
    }
    let last = fromTip ? tip!.last : ''
    let position = fromTip ? tip!.position : 0
    const cached = lastScanned.get(`${key}\n${file}`)
    let previous =
      cached && cached.commit === last
        ? cached.items
        : itemDigests(name, last ? (stats.versionsRead++, parse(await r.show(last, file))) : null)
    const rows: ItemHistoryRow[] = []
    const size = commits.length > 1 ? (await stat(join(r.root, path)).catch(() => null))?.size ?? 0 : 0
    const perProcess = batchFor(size)
    for (let i = 0; i < commits.length; i += perProcess) {
      const batch = commits.slice(i, i + perProcess)
      const texts = await r.showMany(batch.map((c) => c.commit), file)
      for (const c of batch) {
        const now = itemDigests(name, parse(texts.get(c.commit)))
        stats.versionsRead++
        position++
        for (const id of new Set([...previous.keys(), ...now.keys()]))
          if (previous.get(id) !== now.get(id)) rows.push({ ...c, item: id, position })
        previous = now
        last = c.commit
      }
    }
    table.record(key, file, { head, last, position }, rows, !fromTip)
    if (last) lastScanned.set(`${key}\n${file}`, { commit: last, items: previous })
    stats.scannedCommits += commits.length
  }

  /** One scan at a time; each brings `names` (default: every file) up to the HEAD when it starts. */
  const catchUp = (only: ContentName[] = names): Promise<void> => {
    const run = chain.then(async () => {
      for (const name of only) await scan(name)
    })
    chain = run.catch(() => {})
    return run
  }

  return {
    /** The first scan of every file, off the start; `ready` after it. */
    start: () =>
      catchUp().then(
        () => void (ready = true),
        () => {},
      ),
    /** Brings these files up to HEAD now (after a commit: off the request path). */
    catchUp: (only: ContentName[]) => catchUp(only),
    get ready() {
      return ready
    },
    /** The item's last `limit` commits, oldest first, after bringing its file up to HEAD. */
    async commits(ref: { name: ContentName; id?: string }, limit: number): Promise<ItemHistoryRow[]> {
      await catchUp([ref.name])
      const r = await repo
      return table.commits(`${r.root}\n${r.prefix}`, `${ref.name}.json`, ref.id ?? '', limit)
    },
    stats,
  }
}

export type ItemIndex = ReturnType<typeof createItemIndex>
