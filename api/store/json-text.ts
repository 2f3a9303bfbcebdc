/**
 * The bytes of a collection file, exactly as lowdb writes it (`JSON.stringify(data, null, 2)` in UTF-8), made
 * without re-serialising entries that did not change: each (frozen) entry's bytes are kept beside it, and an
 * entry a save did not touch keeps its object (json-db.ts shares them between versions). At 10,000 posts a save
 * then serialises one post and copies the others' bytes, instead of stringifying and encoding 20 MB.
 */
const entryBytes = new WeakMap<object, Buffer>()

// JSON strings never hold a raw line break, so every '\n' of an entry's text is a line of its layout.
const indented = (entry: unknown) => `  ${(JSON.stringify(entry, null, 2) ?? 'null').replaceAll('\n', '\n  ')}`

/** One top-level array entry, indented as it sits inside the array (cached for frozen objects). */
function bytesOf(entry: unknown): Buffer {
  if (!entry || typeof entry !== 'object' || !Object.isFrozen(entry)) return Buffer.from(indented(entry))
  let bytes = entryBytes.get(entry)
  if (bytes === undefined) entryBytes.set(entry, (bytes = Buffer.from(indented(entry))))
  return bytes
}

const [OPEN, SEPARATOR, CLOSE] = ['[\n', ',\n', '\n]'].map((t) => Buffer.from(t)) as [Buffer, Buffer, Buffer]

/**
 * Exactly the bytes of `JSON.stringify(data, null, 2)`, in pieces (written with one writev, never copied into one
 * 20 MB buffer). The pieces are shared buffers: read them, never change them.
 */
export function collectionChunks(data: unknown): readonly Buffer[] {
  if (!Array.isArray(data) || data.length === 0) return [Buffer.from(JSON.stringify(data, null, 2))]
  const parts: Buffer[] = [OPEN]
  data.forEach((entry, i) => {
    if (i > 0) parts.push(SEPARATOR)
    parts.push(bytesOf(entry))
  })
  parts.push(CLOSE)
  return parts
}
