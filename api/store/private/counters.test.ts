import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDataStore, type DataStore } from '../data-store.ts'

// Counts reach the database once a second: only the keys counted since (a flush at 10,000 pages no longer
// compares every count), and after `update` (which may change any count, or remove one) every count.
let dir: string
let data: DataStore | null = null
afterEach(async () => {
  await data?.close()
  await rm(dir, { recursive: true, force: true })
})
const stored = (d: DataStore) =>
  Object.fromEntries(d.db.prepare('SELECT path, count FROM page_views ORDER BY path').all().map((r) => [r.path, r.count]))

it('views counted, changed and removed by update, and counted again reach the database and a restart', async () => {
  dir = await mkdtemp(join(tmpdir(), 'counters-'))
  data = await openDataStore(dir)
  data.counters.countView('/a')
  data.counters.countView('/a')
  data.counters.countView('/b', { bot: true, referrer: null })
  data.counters.countDownload('p1')
  await data.counters.flush()
  expect(stored(data)).toEqual({ '/a': 2, '/b': 1 })
  data.counters.update((c) => {
    c.views['/a'] = 10
    c.views['/c'] = 3
    delete c.views['/b']
  })
  await data.counters.flush()
  expect(stored(data)).toEqual({ '/a': 10, '/c': 3 })
  data.counters.countView('/c')
  await data.counters.flush()
  expect(stored(data)).toEqual({ '/a': 10, '/c': 4 })
  await data.close()
  data = await openDataStore(dir)
  expect(data.counters.read()).toEqual({ views: { '/a': 10, '/c': 4 }, downloads: { p1: 1 } })
  data.counters.countView('/a')
  await data.counters.stop()
  expect(stored(data)).toEqual({ '/a': 11, '/c': 4 })
})
