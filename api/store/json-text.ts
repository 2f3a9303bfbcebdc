/**
 * The bytes of a collection file, exactly as lowdb writes it (`JSON.stringify(data, null, 2)` in UTF-8), made
 * without re-serialising entries that did not change: each (frozen) entry's bytes are kept beside it, and an
 * entry a save did not touch keeps its object (json-db.ts shares them between versions). At 10,000 posts a save
 * then serialises one post and copies the others' bytes, instead of stringifying and encoding 20 MB.
 *
 * A file a maintainer wrote in another layout (four spaces, one line per entry, a final newline) keeps it: its
 * entries keep their own bytes, and a changed entry is written in the file's layout (issue 27).
 */
const entryBytes = new WeakMap<object, Buffer>()

/** How a list file lays out its entries: each entry's first-line prefix, its inner indent (null: one line). */
export type Layout = { prefix: string; indent: string | null; finalNewline: boolean }
export const SERVER_LAYOUT: Layout = { prefix: '  ', indent: '  ', finalNewline: false }

// JSON strings never hold a raw line break, so every '\n' of an entry's text is a line of its layout.
const indented = (entry: unknown, layout: Layout) =>
  layout.indent === null
    ? `${layout.prefix}${JSON.stringify(entry) ?? 'null'}`
    : `${layout.prefix}${(JSON.stringify(entry, null, layout.indent) ?? 'null').replaceAll('\n', `\n${layout.prefix}`)}`

/**
 * One top-level array entry, indented as it sits inside the array (cached for frozen objects unless `keep` is
 * false: bytes asked for once, as a full render's copy of the content, are not kept for every entry).
 */
function bytesOf(entry: unknown, layout: Layout, keep = true): Buffer {
  if (!entry || typeof entry !== 'object') return Buffer.from(indented(entry, layout))
  let bytes = entryBytes.get(entry)
  if (bytes !== undefined) return bytes
  if (!keep || !Object.isFrozen(entry)) return Buffer.from(indented(entry, layout))
  entryBytes.set(entry, (bytes = Buffer.from(indented(entry, layout))))
  return bytes
}

/** Whether an entry's bytes are kept (tests). */
export const hasKeptBytes = (entry: object): boolean => entryBytes.has(entry)

const [OPEN, SEPARATOR, CLOSE, NEWLINE] = ['[\n', ',\n', '\n]', '\n'].map((t) => Buffer.from(t)) as [Buffer, Buffer, Buffer, Buffer]

/**
 * Exactly the bytes of `JSON.stringify(data, null, 2)`, in pieces (written with one writev, never copied into one
 * 20 MB buffer). The pieces are shared buffers: read them, never change them.
 */
export function collectionChunks(data: unknown, layout: Layout = SERVER_LAYOUT): readonly Buffer[] {
  if (!Array.isArray(data) || data.length === 0) return [Buffer.from(JSON.stringify(data, null, 2))]
  const parts: Buffer[] = [OPEN]
  data.forEach((entry, i) => {
    if (i > 0) parts.push(SEPARATOR)
    parts.push(bytesOf(entry, layout))
  })
  parts.push(CLOSE)
  if (layout.finalNewline) parts.push(NEWLINE)
  return parts
}

/**
 * The same bytes as collectionChunks in the server's layout, made one entry at a time as they are read and not
 * kept: the full render's copy of the content (full-render.ts). Kept bytes of every post held ~25 MB at 10,000
 * posts and ~250 MB at 100,000 for as long as the posts stayed unchanged (issue 33, twelfth session).
 */
export function* collectionChunksOnce(data: unknown): Generator<Buffer> {
  if (!Array.isArray(data) || data.length === 0) {
    yield Buffer.from(JSON.stringify(data, null, 2))
    return
  }
  // In pieces of about a megabyte: one write per piece, not two per entry.
  let parts: Buffer[] = [OPEN]
  let size = 0
  for (const [i, entry] of data.entries()) {
    if (i > 0) parts.push(SEPARATOR)
    const bytes = bytesOf(entry, SERVER_LAYOUT, false)
    parts.push(bytes)
    size += bytes.byteLength
    if (size >= PIECE_BYTES) {
      yield Buffer.concat(parts)
      ;[parts, size] = [[], 0]
    }
  }
  parts.push(CLOSE)
  yield Buffer.concat(parts)
}
const PIECE_BYTES = 1 << 20

/**
 * Where each top-level entry of a JSON array text sits: [start, end) from the first character of the entry's
 * line (its indentation) to its last character. Null when the text is not an array of at least one entry.
 */
export function entrySpans(text: string): [number, number][] | null {
  let i = 0
  const skip = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++
  }
  skip()
  if (text[i] !== '[') return null
  i++
  const spans: [number, number][] = []
  for (;;) {
    skip()
    if (text[i] === ']') break
    const start = i
    let depth = 0
    let inString = false
    for (; i < text.length; i++) {
      const ch = text[i]
      if (inString) {
        if (ch === '\\') i++
        else if (ch === '"') inString = false
      } else if (ch === '"') inString = true
      else if (ch === '{' || ch === '[') depth++
      else if (ch === '}' || ch === ']') {
        if (depth === 0) break
        depth--
      } else if (ch === ',' && depth === 0) break
    }
    let end = i
    while (end > start && /\s/.test(text[end - 1]!)) end--
    const lineStart = text.lastIndexOf('\n', start - 1) + 1
    // Only the entry's own indentation goes with it; another entry on the same line keeps the layout ours.
    const lead = /^[ \t]*$/.test(text.slice(lineStart, start)) ? lineStart : start
    spans.push([lead, end])
    if (text[i] === ',') i++
    else break
  }
  return spans
}

/**
 * Keeps a file's own layout for the entries a later save does not touch (issue 27): when a maintainer wrote the
 * file in another formatting (four spaces, one line per entry), each loaded entry whose text means exactly the
 * stored entry is written back with its own bytes, so a save changes only the lines of the entry it changed.
 * `data` is the checked data loaded from `text` (entries in the same order).
 */
export function keepEntryLayout(
  data: unknown,
  text: string,
  sameEntry: (raw: unknown, entry: unknown) => boolean,
  keepBytes = true,
): Layout {
  if (!Array.isArray(data) || data.length === 0) return SERVER_LAYOUT
  const spans = entrySpans(text)
  if (!spans || spans.length !== data.length) return SERVER_LAYOUT
  if (keepBytes) keepEachEntry(data, text, spans, sameEntry)
  return layoutOf(text, spans[0]!)
}

/** Each entry whose text means exactly the loaded entry keeps that text as its bytes. */
function keepEachEntry(
  data: unknown[],
  text: string,
  spans: [number, number][],
  sameEntry: (raw: unknown, entry: unknown) => boolean,
): void {
  spans.forEach(([start, end], i) => {
    const entry = data[i]
    if (!entry || typeof entry !== 'object') return
    const slice = text.slice(start, end)
    let raw: unknown
    try {
      raw = JSON.parse(slice)
    } catch {
      return
    }
    if (sameEntry(raw, entry)) entryBytes.set(entry, Buffer.from(slice))
  })
}

/** The layout of a list file, read from its first entry: its prefix, the indent of its second line, the end. */
function layoutOf(text: string, [start, end]: [number, number]): Layout {
  const first = text.slice(start, end)
  const prefix = /^[ \t]*/.exec(first)![0]
  const second = first.split('\n')[1]
  const inner = second === undefined ? null : /^[ \t]*/.exec(second)![0]
  const indent = inner === null ? null : inner.startsWith(prefix) && inner.length > prefix.length ? inner.slice(prefix.length) : '  '
  // Only layouts collectionChunks writes back exactly ('[\n' … ',\n' … '\n]'); anything else gets the server's.
  const finalNewline = /\]\r?\n$/.test(text)
  return { prefix, indent, finalNewline }
}
