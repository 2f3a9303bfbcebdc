import { createHash } from 'node:crypto'

/**
 * Trees of a commit built from its parent's, only along the changed paths (decision 333): a save of one post in a
 * folder of 10,000 writes the post's bucket tree, its collection's tree and the root tree (a few kilobytes), never
 * an index of every file. No I/O here: the caller lists trees (`ls-tree`) and writes what this returns (loose-objects.ts).
 */

/** One entry of a tree as `ls-tree` prints it: mode (six digits), type, object id, name. */
export type TreeRow = { mode: string; type: string; id: string; name: string }

/** What a commit makes of one path: this object there, or no file there (null). */
export type PathChange = Omit<TreeRow, 'name'> | null

/** A tree to write: its rows, its bytes and the id git will give it (children come before their parents). */
export type TreeWrite = { id: string; rows: TreeRow[]; body: Buffer }

/** The rows of `ls-tree -z <tree>` (not recursive); anything else in the output is no row. */
export function parseTreeRows(out: string): TreeRow[] {
  const rows: TreeRow[] = []
  for (const row of out.split('\0')) {
    const match = /^(\d{6}) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(row)
    if (match) rows.push({ mode: match[1]!, type: match[2]!, id: match[3]!, name: match[4]! })
  }
  return rows
}

/** How git orders a tree's entries: by name's bytes, a folder's name as if it ended in '/'. */
const sortName = (row: TreeRow) => (row.type === 'tree' ? `${row.name}/` : row.name)
// For names of ASCII characters only (ids, '.json'), string order is byte order: no Buffer per row to sort.
const ASCII = /^[\x00-\x7f]*$/

/** A tree object's bytes as git stores them: rows in git's order, a mode without its leading zero ("40000"). */
export function treeBody(rows: readonly TreeRow[]): Buffer {
  const keyed = rows.map((row) => ({ row, name: sortName(row) }))
  if (keyed.every((k) => ASCII.test(k.name))) keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  else keyed.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
  const heads = keyed.map(({ row }) => `${row.mode.replace(/^0+/, '')} ${row.name}\0`)
  const idBytes = rows.length ? rows[0]!.id.length / 2 : 0
  const body = Buffer.allocUnsafe(heads.reduce((n, h) => n + Buffer.byteLength(h) + idBytes, 0))
  let at = 0
  keyed.forEach(({ row }, i) => {
    at += body.write(heads[i]!, at)
    at += body.write(row.id, at, 'hex')
  })
  return body
}

/** The id git gives a tree of these bytes (`mktree` prints the same for its rows). */
export const treeIdOfBody = (body: Buffer, format: 'sha1' | 'sha256'): string =>
  createHash(format).update(`tree ${body.length}\0`).update(body).digest('hex')

/**
 * The id git gives a tree of these rows (`mktree` prints the same). Computed here so that a commit's trees are
 * written children first, parents naming their children's ids (loose-objects.ts).
 */
export const treeIdOf = (rows: readonly TreeRow[], format: 'sha1' | 'sha256'): string => treeIdOfBody(treeBody(rows), format)

type Level = { files: Map<string, PathChange>; folders: Map<string, Level> }
const level = (): Level => ({ files: new Map(), folders: new Map() })

/**
 * The tree `base` (undefined: none, an empty repository) with `changes` applied (full paths, '/'-separated).
 * A removal takes only a file (never a folder of that name, as the index would); a folder left empty disappears
 * from its parent; a folder nothing changed in is kept as it is, unread. Returns the new root tree's id, the
 * trees to write, children first (none when nothing changed: then `tree` is `base`), and the ids the changes put
 * in place of what was there (the blobs to write; an unchanged file's is not among them).
 */
export async function editTree(
  base: string | undefined,
  changes: ReadonlyMap<string, PathChange>,
  list: (tree: string) => Promise<readonly TreeRow[]>,
  format: 'sha1' | 'sha256',
): Promise<{ tree: string; writes: TreeWrite[]; placed: Set<string> }> {
  const root = level()
  for (const [path, change] of changes) {
    const parts = path.split('/')
    if (parts.some((part) => part === '')) throw new Error(`Geçersiz dosya yolu: ${JSON.stringify(path)}`)
    let at = root
    for (const part of parts.slice(0, -1)) {
      if (!at.folders.has(part)) at.folders.set(part, level())
      at = at.folders.get(part)!
    }
    at.files.set(parts.at(-1)!, change)
  }
  const writes: TreeWrite[] = []
  const placed = new Set<string>()

  /** The new id of tree `from` with `edit` applied: undefined when nothing changed, null when it is left empty. */
  async function apply(from: string | undefined, edit: Level): Promise<string | null | undefined> {
    const rows = new Map((from ? await list(from) : []).map((row) => [row.name, row]))
    let changed = false
    for (const [name, change] of edit.files) {
      const old = rows.get(name)
      if (change === null) {
        if (old && old.type !== 'tree') {
          rows.delete(name)
          changed = true
        }
      } else if (!old || old.id !== change.id || old.mode !== change.mode) {
        rows.set(name, { ...change, name })
        placed.add(change.id)
        changed = true
      }
    }
    for (const [name, inner] of edit.folders) {
      const old = rows.get(name)
      const sub = await apply(old?.type === 'tree' ? old.id : undefined, inner)
      if (sub === undefined) continue
      changed = true
      // Only a tree that was there can be left empty (a new one holds at least the file that made it).
      if (sub === null) rows.delete(name)
      else rows.set(name, { mode: '040000', type: 'tree', id: sub, name })
    }
    if (!changed) return undefined
    if (rows.size === 0) return null
    const all = [...rows.values()]
    const body = treeBody(all)
    const id = treeIdOfBody(body, format)
    writes.push({ id, rows: all, body })
    return id
  }

  const tree = await apply(base, root)
  if (tree) return { tree, writes, placed }
  if (tree === undefined && base) return { tree: base, writes, placed }
  // Everything removed, or an empty repository's first commit with no file: the empty tree, written as any other.
  const empty = { id: treeIdOf([], format), rows: [], body: Buffer.alloc(0) }
  return { tree: empty.id, writes: [...writes, empty], placed }
}
