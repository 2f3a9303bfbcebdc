import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commitBody, identTime, withoutCrud, writeLooseObject } from './loose-objects.ts'
import { treeBody } from './tree-edit.ts'

// Issue 33: a save's blob, trees and commit are written by the server, not by hash-object, mktree and
// commit-tree. Each must be the very object git writes for the same input: the same id, readable by git, fsck clean.
const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
async function repo(format: 'sha1' | 'sha256' = 'sha1') {
  const dir = await mkdtemp(join(tmpdir(), 'loose-objects-'))
  dirs.push(dir)
  execFileSync('git', ['init', '-q', `--object-format=${format}`], { cwd: dir })
  return dir
}
const git = (dir: string, args: string[], input?: string | Buffer, env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd: dir, input, env: { ...process.env, ...env } }).toString()

describe('objects written by the server', () => {
  it.each(['sha1', 'sha256'] as const)('%s: a blob, a tree and a commit with the ids git gives them, fsck clean', async (format) => {
    const dir = await repo(format)
    const objects = join(dir, '.git', 'objects')
    const text = Buffer.from('{\n  "başlık": "Çalışma"\n}\n')
    const blob = await writeLooseObject(objects, 'blob', [text.subarray(0, 5), text.subarray(5)], format)
    expect(blob).toBe(git(dir, ['hash-object', '--stdin'], text).trim())
    expect(git(dir, ['cat-file', 'blob', blob])).toBe(text.toString())
    const sub = [{ mode: '100644', type: 'blob', id: blob, name: 'a1.json' }]
    const subId = await writeLooseObject(objects, 'tree', [treeBody(sub)], format)
    // git orders a folder as if its name ended in '/': 'a' (a folder) after 'a.json', before 'a0'; names by their
    // UTF-8 bytes ('ç' after 'z'; an emoji after a fullwidth letter, where UTF-16's order is the other way).
    const rows = [
      { mode: '100644', type: 'blob', id: blob, name: 'a0' },
      { mode: '040000', type: 'tree', id: subId, name: 'a' },
      { mode: '100644', type: 'blob', id: blob, name: 'a.json' },
      { mode: '100644', type: 'blob', id: blob, name: 'çiçek.json' },
      { mode: '100644', type: 'blob', id: blob, name: 'z.json' },
      // A file's name is compared as it is: 'b' before 'b.json' (as folders they would go the other way).
      { mode: '100644', type: 'blob', id: blob, name: 'b.json' },
      { mode: '100644', type: 'blob', id: blob, name: 'b' },
      { mode: '100644', type: 'blob', id: blob, name: '\u{1F600}.json' },
      { mode: '100644', type: 'blob', id: blob, name: '\uFF21.json' },
    ]
    const ascii = rows.filter((r) => /^[a-z0-9.]+$/.test(r.name))
    const asciiTree = await writeLooseObject(objects, 'tree', [treeBody(ascii)], format)
    expect(asciiTree).toBe(git(dir, ['mktree', '--missing'], ascii.map((r) => `${r.mode} ${r.type} ${r.id}\t${r.name}\n`).join('')).trim())
    const tree = await writeLooseObject(objects, 'tree', [treeBody(rows)], format)
    const mktree = rows.map((r) => `${r.mode} ${r.type} ${r.id}\t${r.name}\n`).join('')
    expect(tree).toBe(git(dir, ['mktree', '--missing'], mktree).trim())
    const at = new Date(1_700_000_000_000)
    const author = { name: 'Ayşe Yılmaz', email: 'ayse@example.com' }
    const committer = { name: 'Site sunucusu', email: 'sunucu@localhost' }
    const message = 'Blog yazısı güncellendi: Çalışma'
    const first = await writeLooseObject(objects, 'commit', [commitBody({ tree, parents: [], author, committer, at, message })], format)
    const env = (who: typeof author, prefix: string) => ({ [`GIT_${prefix}_NAME`]: who.name, [`GIT_${prefix}_EMAIL`]: who.email, [`GIT_${prefix}_DATE`]: identTime(at) })
    const gits = { ...env(author, 'AUTHOR'), ...env(committer, 'COMMITTER') }
    expect(first).toBe(git(dir, ['commit-tree', tree], message, gits).trim())
    // A parent named twice is kept once, as commit-tree does.
    const second = await writeLooseObject(objects, 'commit', [commitBody({ tree, parents: [first, first], author, committer, at, message })], format)
    expect(second).toBe(git(dir, ['commit-tree', tree, '-p', first], message, gits).trim())
    git(dir, ['update-ref', 'HEAD', second])
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('')
    expect(git(dir, ['log', '--format=%an <%ae> %cn %s'])).toBe(`${author.name} <${author.email}> Site sunucusu ${message}\n`.repeat(2))
  })

  it('an object already there is left as it is; the file is read-only; no temporary file stays', async () => {
    const dir = await repo()
    const objects = join(dir, '.git', 'objects')
    const id = await writeLooseObject(objects, 'blob', [Buffer.from('x\n')], 'sha1')
    const path = join(objects, id.slice(0, 2), id.slice(2))
    const before = await stat(path)
    expect(before.mode & 0o777).toBe(0o444 & ~process.umask())
    expect(await writeLooseObject(objects, 'blob', [Buffer.from('x\n')], 'sha1')).toBe(id)
    expect((await stat(path)).ino).toBe(before.ino)
    expect(git(dir, ['count-objects', '-v'])).toMatch(/^garbage: 0$/m)
    expect(execFileSync('ls', ['-A', join(objects, id.slice(0, 2))]).toString()).toBe(`${id.slice(2)}\n`)
  })

  it('names and e-mails as git keeps them in an ident (crud at the ends, <, > and line breaks inside)', async () => {
    const dir = await repo()
    const objects = join(dir, '.git', 'objects')
    const tree = git(dir, ['mktree'], '').trim()
    const at = new Date(1_700_000_000_000)
    for (const name of ['Ali.', ' "Ayşe" ', "O'Neil'", 'Ece;,', 'a<b>c', 'Can\tDağ', 'Dr. Ömer']) {
      const who = { name, email: ` ${name}@örnek.com. ` }
      const id = await writeLooseObject(objects, 'commit', [commitBody({ tree, parents: [], author: who, committer: who, at, message: 'm' })], 'sha1')
      const gits = { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email, GIT_AUTHOR_DATE: identTime(at), GIT_COMMITTER_DATE: identTime(at) }
      expect([name, id]).toEqual([name, git(dir, ['commit-tree', tree], 'm', gits).trim()])
    }
    expect(withoutCrud(' ;Ali; ')).toBe('Ali')
  })

  it('the date in git’s form in another time zone: Istanbul, and one behind UTC by hours and minutes', () => {
    const zone = process.env.TZ
    try {
      process.env.TZ = 'Europe/Istanbul'
      expect(identTime(new Date(1_700_000_000_999))).toBe('1700000000 +0300')
      process.env.TZ = 'America/St_Johns' // -03:30 in November
      expect(identTime(new Date(1_700_000_000_000))).toBe('1700000000 -0330')
      process.env.TZ = 'Asia/Kathmandu'
      expect(identTime(new Date(1_700_000_000_000))).toBe('1700000000 +0545')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('the date in git’s form: seconds and the local offset', () => {
    expect(identTime(new Date(1_700_000_000_999))).toMatch(/^1700000000 [+-]\d{4}$/)
    const minutes = -new Date(1_700_000_000_000).getTimezoneOffset()
    const sign = minutes < 0 ? '-' : '+'
    expect(identTime(new Date(1_700_000_000_000)).split(' ')[1]).toBe(`${sign}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`)
  })
})
