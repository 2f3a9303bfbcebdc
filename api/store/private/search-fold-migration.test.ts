import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { migrate, openDatabase } from './database.ts'
import { messageStore } from './messages.ts'

// Issue 30: inbox rows stored when only ı was folded are folded like new ones, so 'cagri' finds 'ÇAĞRI'.
it('migration 300 folds the Turkish letters of stored inbox search texts', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fold-migration-'))
  try {
    const db = await openDatabase(dir)
    db.prepare(
      `INSERT INTO messages (id, name, email, phone, subject, message, created_at, read_at, search)
       VALUES ('m1', 'Şükrü', 'a@b.c', '5555555', 'ÇAĞRI', 'Öğün', '2026-01-01T00:00:00Z', NULL, ?)`,
    ).run('şükrü\na@b.c\nçağri\nöğün')
    const store = messageStore(db, null)
    const find = (q: string) => store.list({ archived: false, page: 1, pageSize: 10, q }).total
    expect(find('cagri')).toBe(0)
    db.prepare('DELETE FROM schema_migrations WHERE version = 300').run()
    expect(await migrate(db)).toEqual(['300-search-folds-turkish-letters.sql'])
    expect(find('cagri')).toBe(1)
    expect(find('SUKRU')).toBe(1)
    expect(find('ogun')).toBe(1)
    db.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
