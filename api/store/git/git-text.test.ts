import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { intentPaths, memoryJournal, type CommitIntent } from './commit-journal.ts'
import { acceptableAuthor, blobId, joinBytes, oneLineMessage, redactSecrets, secretsOf } from './git-text.ts'

/**
 * The git group's pure helpers (issue 28, mutation group `git-text`): the author and message a commit gets, the
 * blob id computed without git, secrets blanked from what the status and the log show, and the in-memory journal.
 */

describe('acceptableAuthor: an author git stores, still the same person', () => {
  it('keeps a plain name and e-mail as they are', () => {
    expect(acceptableAuthor({ name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' })).toEqual({
      name: 'Ayşe Yılmaz',
      email: 'ayse@ornek.com',
    })
  })
  it('drops <, > and control characters, folds runs of spaces and trims both', () => {
    expect(acceptableAuthor({ name: ' Ay<şe>\n  Yıl\tmaz ', email: ' <ayse@ornek.com>\n' })).toEqual({
      name: 'Ay şe Yıl maz',
      email: 'ayse@ornek.com',
    })
    // Every such character, not only the first (the pattern is global).
    expect(acceptableAuthor({ name: 'a<b<c', email: 'x>y>z@o.com' })).toEqual({ name: 'a b c', email: 'xyz@o.com' })
  })
  it('a name git refuses ("crud") becomes the e-mail; with a crud e-mail too, "Yönetici"', () => {
    for (const name of ['...', '', '  ', '<>', '.,:;"\\\'']) {
      expect(acceptableAuthor({ name, email: 'ayse@ornek.com' }).name).toBe('ayse@ornek.com')
      expect(acceptableAuthor({ name, email: '..' }).name).toBe('Yönetici')
    }
    // Crud only when the whole name is: a name that merely starts or ends with it stays.
    expect(acceptableAuthor({ name: '.Ali', email: 'a@o.com' }).name).toBe('.Ali')
    expect(acceptableAuthor({ name: 'Ali.', email: 'a@o.com' }).name).toBe('Ali.')
    expect(acceptableAuthor({ name: '...', email: 'x.' }).name).toBe('x.')
    expect(acceptableAuthor({ name: '...', email: '.x' }).name).toBe('.x')
  })
})

describe('oneLineMessage: one subject line', () => {
  it('turns control characters (NUL too) into single spaces and trims', () => {
    expect(oneLineMessage('  Blog yazısı\n\tgüncellendi\0: x  ')).toBe('Blog yazısı güncellendi : x')
    expect(oneLineMessage('a\n\nb')).toBe('a b')
  })
  it('an empty or blank message becomes "İçerik güncellendi"', () => {
    expect(oneLineMessage('')).toBe('İçerik güncellendi')
    expect(oneLineMessage(' \n\t ')).toBe('İçerik güncellendi')
    expect(oneLineMessage('Kayıt')).toBe('Kayıt')
  })
})

describe('blobId: the id git gives the bytes', () => {
  const gitHash = (text: string) => execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim()
  it('matches git hash-object for text, bytes and pieces (sha1 and sha256)', () => {
    const text = '[{"id":"a","title":"Çağrı"}]\n'
    expect(blobId(text)).toBe(gitHash(text))
    expect(blobId(Buffer.from(text))).toBe(gitHash(text))
    expect(blobId([Buffer.from('[{"id":"a",'), Buffer.from('"title":"Çağrı"}]\n')])).toBe(gitHash(text))
    expect(blobId('')).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391')
    // sha256: the known id of the empty blob in a sha256 repository, and the size counted in bytes, not characters.
    expect(blobId('', 'sha256')).toBe('473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813')
    expect(blobId('ğ', 'sha256')).not.toBe(blobId('ğ'))
    expect(blobId([Buffer.from('ğ')], 'sha256')).toBe(blobId('ğ', 'sha256'))
  })
})

describe('joinBytes', () => {
  it('one buffer from text, bytes or pieces', () => {
    expect(Buffer.from(joinBytes('ağ')).toString()).toBe('ağ')
    const bytes = new Uint8Array([1, 2, 3])
    expect(joinBytes(bytes)).toBe(bytes)
    expect([...joinBytes([new Uint8Array([1]), new Uint8Array([2, 3])])]).toEqual([1, 2, 3])
  })
})

describe('redactSecrets and secretsOf: no remote password in a status or a log line', () => {
  it('blanks the user name and password of every URL in a text', () => {
    expect(redactSecrets('git push: https://ali:t0ken@forge.ornek.com/site.git refused; ssh://git@host/x too')).toBe(
      'git push: https://***@forge.ornek.com/site.git refused; ssh://***@host/x too',
    )
    expect(redactSecrets('HTTPS://Ali:X@h/p')).toBe('HTTPS://***@h/p')
    // Only a URL's userinfo: an e-mail address or a path with @ stays.
    expect(redactSecrets('ayse@ornek.com /tmp/a@b https://h/a@b')).toBe('ayse@ornek.com /tmp/a@b https://h/a@b')
    // A scheme starts at a word boundary: '_https' is no URL's start.
    expect(redactSecrets('_https://u:p@h')).toBe('_https://u:p@h')
  })
  it('blanks each given secret wherever it appears, every time, but never one shorter than 4 characters', () => {
    expect(redactSecrets('token s3cr3t and s3cr3t again', ['s3cr3t'])).toBe('token *** and *** again')
    expect(redactSecrets('abc abcd', ['abc'])).toBe('abc abcd')
    expect(redactSecrets('abc abcd', ['abcd'])).toBe('abc ***')
    expect(redactSecrets('a b', [])).toBe('a b')
  })
  it('secretsOf: the userinfo, user and password, raw and decoded, longest first', () => {
    expect(secretsOf('https://ali:p%40ss@forge.ornek.com/site.git')).toEqual(['ali:p%40ss', 'ali:p@ss', 'p%40ss', 'p@ss', 'ali'])
    expect(secretsOf('HTTPS://Ali:Xyz1@h/p')).toEqual(['Ali:Xyz1', 'Xyz1', 'Ali'])
    // A part that does not decode is kept raw.
    expect(secretsOf('https://u%zz:pw@h/')).toEqual(['u%zz:pw', 'u%zz', 'pw'])
    expect(secretsOf('/srv/icerik.git')).toEqual([])
    expect(secretsOf('https://forge.ornek.com/site.git')).toEqual([])
    expect(secretsOf(undefined)).toEqual([])
    expect(secretsOf('x https://u:p@h/')).toEqual([])
    // And together: a status line never shows the password, even decoded.
    const remote = 'https://ali:p%40ss@forge.ornek.com/site.git'
    expect(redactSecrets(`failed for p@ss at ${remote}`, secretsOf(remote))).toBe('failed for *** at https://***@forge.ornek.com/site.git')
  })
})

describe('memoryJournal', () => {
  const intent = (id: string, file = 'blogs.json'): CommitIntent => ({
    id,
    file,
    author: { name: 'Ayşe', email: 'a@o.com' },
    message: `m ${id}`,
    blob: `b${id}`,
    bytes: null,
  })
  it('keeps intents in order until done, and a copy of each (a later change of the caller’s object does not leak)', async () => {
    const j = memoryJournal()
    const first = intent('1')
    await j.record(first, [])
    await j.record(intent('2', 'pages.json'), [])
    first.message = 'değişti'
    expect(j.pending().map((i) => [i.id, i.message])).toEqual([
      ['1', 'm 1'],
      ['2', 'm 2'],
    ])
    await j.done('1')
    expect(j.pending().map((i) => i.id)).toEqual(['2'])
  })
  it('record(null, keep) stores the kept bytes on the named intents only', async () => {
    const j = memoryJournal()
    await j.record(intent('1'), [])
    await j.record(intent('2'), [{ id: '1', bytes: new Uint8Array([7]) }, { id: 'gone', bytes: new Uint8Array([9]) }])
    await j.record(null, [{ id: '2', bytes: new Uint8Array([8]) }])
    expect(j.pending().map((i) => [i.id, i.bytes && [...i.bytes]])).toEqual([
      ['1', [7]],
      ['2', [8]],
    ])
  })
  it('an intent of several paths (decision 333): kept bytes go to the named path only; a copy of its paths is kept', async () => {
    const j = memoryJournal()
    const files = [
      { path: 'blogs/a/a1.json', blob: 'ba', bytes: null },
      { path: 'blogs/b/b1.json', blob: null, bytes: null },
      { path: 'blogs/_sira.json', blob: 'bo', bytes: null },
    ]
    await j.record({ id: 'm', author: { name: 'Ayşe', email: 'a@o.com' }, message: 'çok', files }, [])
    await j.record(intent('1'), [])
    await j.record(null, [
      { id: 'm', path: 'blogs/_sira.json', bytes: new Uint8Array([3]) },
      { id: 'm', path: 'blogs/yok.json', bytes: new Uint8Array([4]) },
      { id: '1', bytes: new Uint8Array([5]) },
    ])
    files[0]!.blob = 'değişti'
    const [many, one] = j.pending()
    expect(intentPaths(many!).map((p) => [p.path, p.blob, p.bytes && [...p.bytes]])).toEqual([
      ['blogs/a/a1.json', 'ba', null],
      ['blogs/b/b1.json', null, null],
      ['blogs/_sira.json', 'bo', [3]],
    ])
    expect(files[2]!.bytes).toBeNull()
    expect(intentPaths(one!)).toEqual([{ path: 'blogs.json', blob: 'b1', bytes: new Uint8Array([5]) }])
  })
})
