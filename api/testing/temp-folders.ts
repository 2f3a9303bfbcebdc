import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/**
 * What one test file undoes after each test, newest first (`later`: a store to close), and its temporary folders
 * (`temp`: removed so, with their real path, as git answers paths). Call once at the top of a test file.
 */
export function testCleanups() {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })
  const later = (undo: () => Promise<unknown>) => void cleanups.push(undo)
  async function temp(prefix: string): Promise<string> {
    const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)))
    later(() => rm(dir, { recursive: true, force: true }))
    return dir
  }
  return { later, temp }
}
