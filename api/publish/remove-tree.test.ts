import { mkdtemp, mkdir, writeFile, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { removeTree } from './remove-tree.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'remove-tree-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A small export tree: nested folders, files, a link out of the tree (must not be followed). */
async function makeTree(dir: string, outside: string): Promise<void> {
  await mkdir(join(dir, 'blog', 'a'), { recursive: true })
  await writeFile(join(dir, 'index.html'), '<p>x</p>')
  await writeFile(join(dir, 'blog', 'a', 'index.html'), '<p>a</p>')
  await symlink(outside, join(dir, 'blog', 'dis'))
}

describe('removeTree', () => {
  it('removes the folder and everything in it, not what a link in it points to', async () => {
    const outside = join(root, 'outside')
    await mkdir(outside)
    await writeFile(join(outside, 'keep.txt'), 'kalır')
    await makeTree(join(root, 'tree'), outside)
    await removeTree(join(root, 'tree'))
    expect(await readdir(root)).toEqual(['outside'])
    expect(await readdir(outside)).toEqual(['keep.txt'])
  })

  it('removes it through Node when there is no rm to run', async () => {
    const outside = join(root, 'outside')
    await mkdir(outside)
    await makeTree(join(root, 'tree'), outside)
    const path = process.env.PATH
    process.env.PATH = join(root, 'no-such-bin')
    try {
      await removeTree(join(root, 'tree'))
    } finally {
      process.env.PATH = path
    }
    expect(await readdir(root)).toEqual(['outside'])
  })

  it('is quiet about a folder that is already gone', async () => {
    await expect(removeTree(join(root, 'gone'))).resolves.toBeUndefined()
  })
})
