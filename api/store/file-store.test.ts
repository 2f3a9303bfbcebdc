import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileStore, type FileStore } from './file-store.ts'

let root: string
let files: FileStore
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'file-store-test-'))
  files = createFileStore(join(root, 'data'), join(root, 'public'))
  await files.init()
})
afterAll(() => rm(root, { recursive: true, force: true }))

const hostile = [
  '../users.json',
  '..%2Fusers.json',
  '%2e%2e/users.json',
  '..\\users.json',
  'abc\u0000def.png',
  'abcdefgh.png/../../users.json',
  '/etc/passwd',
  'session-secret',
  `${'a'.repeat(65)}.png`,
  'abcdefgh.svg',
  'abcdefgh.PNG ',
]

describe('file store paths', () => {
  it('maps only its own upload names to a path inside uploads/', async () => {
    const url = await files.saveUpload(new Uint8Array([1]), 'png')
    const name = url.slice('/uploads/'.length)
    expect(files.uploadPath(name)).toBe(join(root, 'data', 'uploads', name))
    for (const bad of hostile) expect(files.uploadPath(bad), bad).toBeNull()
  })

  it('maps only program keys of its own or bundled demo files, never a path out of their folders', () => {
    expect(files.programFilePath('files/abcdefgh12')).toBe(join(root, 'data', 'files', 'abcdefgh12'))
    expect(files.programFilePath('demo/ornek-kurulum.zip')).toBe(
      join(root, 'public', 'demo', 'ornek-kurulum.zip'),
    )
    for (const bad of [
      'files/../users.json',
      'files/abcdefgh/../../x',
      'demo/../../package.json',
      'demo/..',
      'demo/a/b',
      'demo/a\\..\\..\\x',
      '../data/users.json',
      '/etc/passwd',
      'files/abc\u0000defgh',
      `demo/${'a'.repeat(129)}`,
    ])
      expect(files.programFilePath(bad), bad).toBeNull()
  })

  it('never removes a file outside its folders', async () => {
    // Bait at every place a hostile name points to; a weakened guard (join(uploadsDir, name)) deletes one.
    const bait = [
      join(root, 'data', 'users.json'),
      join(root, 'data', 'uploads', 'users.json'),
      join(root, 'public', 'demo', 'logo.svg'),
      join(root, 'public', 'demo', 'ornek-kurulum.zip'),
      join(root, 'etc'),
    ]
    await mkdir(join(root, 'public', 'demo'), { recursive: true })
    for (const path of bait) await writeFile(path, 'kalmalı')
    const kept = await files.saveUpload(new Uint8Array([1]), 'png')
    for (const url of [
      '/uploads/../users.json',
      '/uploads/..%2Fusers.json',
      '/uploads/users.json',
      '/uploads/abcdefgh.png/../../users.json',
      '/demo/logo.svg',
      '/uploads/../../public/demo/logo.svg',
      '/uploads/../../etc',
    ])
      await files.removeUpload(url)
    await files.removeProgramFile('demo/ornek-kurulum.zip')
    await files.removeProgramFile('files/../../etc')
    await files.removeProgramFile('files/../users.json')
    for (const path of bait) expect(await readFile(path, 'utf8'), path).toBe('kalmalı')
    expect(await readFile(join(root, 'data', kept))).toEqual(Buffer.from([1]))
  })
})
