import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContentFileSafely } from './content-file.ts'
import { testCleanups } from '../testing/temp-folders.ts'

const { temp } = testCleanups()

describe('readContentFileSafely', () => {
  it('reads a file into memory of its own size, not 64 KB more (issue 33: 100,000 post files at start)', async () => {
    const path = join(await temp('content-file-'), 'post.json')
    // Over half of Buffer.poolSize (64 KB in Node 24), so the buffer is its own allocation, not a slice of the pool.
    const text = JSON.stringify({ id: 'blog-x', body: 'ç'.repeat(Buffer.poolSize) })
    await writeFile(path, text)
    const read = await readContentFileSafely(path)
    if (read.kind !== 'ok') throw new Error(read.kind)
    expect(read.bytes.toString('utf8')).toBe(text)
    // The memory the Buffer keeps alive (and malloc handed out): the file and the one byte that shows its end.
    expect(read.bytes.buffer.byteLength).toBeLessThanOrEqual(Buffer.byteLength(text) + 1)
  })

  it('reads an empty file, and refuses a file over the cap', async () => {
    const dir = await temp('content-file-')
    await writeFile(join(dir, 'empty.json'), '')
    const empty = await readContentFileSafely(join(dir, 'empty.json'))
    expect(empty.kind === 'ok' && empty.bytes.length).toBe(0)
    await writeFile(join(dir, 'big.json'), 'x'.repeat(100))
    expect(await readContentFileSafely(join(dir, 'big.json'), 99)).toMatchObject({ kind: 'refused' })
    await appendFile(join(dir, 'big.json'), '')
    const atCap = await readContentFileSafely(join(dir, 'big.json'), 100)
    expect(atCap.kind === 'ok' && atCap.bytes.toString()).toBe('x'.repeat(100))
  })
})
