import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-helpers.ts'
import { backupDataDir } from './backup.ts'
import { DB_FILE } from './database.ts'

let t: TestApp
afterEach(() => t.cleanup())

// The mode of the database copy right after SQLite wrote it, before the backup's last step makes every file 0600.
const modesAfterCopy: string[] = []
vi.mock('node:sqlite', async (original) => {
  const real = await original<typeof import('node:sqlite')>()
  return {
    ...real,
    backup: async (...args: Parameters<typeof real.backup>) => {
      const pages = await real.backup(...args)
      modesAfterCopy.push(((await stat(String(args[1]))).mode & 0o777).toString(8))
      return pages
    },
  }
})

// Issue 20: the copy holds password hashes and messages; created by SQLite under the umask it was 0644 while the
// backup ran (and for good, before the fix). It is created 0600 before SQLite fills it.
it('the database copy is 0600 from the moment it is written', async () => {
  t = await createTestApp()
  const target = join(t.dataDir, '..', 'yedek-penceresi')
  await backupDataDir(t.dataDir, target)
  expect(modesAfterCopy).toEqual(['600'])
  expect(((await stat(join(target, DB_FILE))).mode & 0o777).toString(8)).toBe('600')
})
