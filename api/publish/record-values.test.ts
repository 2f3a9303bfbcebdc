import { describe, expect, it } from 'vitest'
import { shareRecordValues, type PageRecord } from './export-folder.ts'

describe('pages’ records share their repeated values (issue 33)', () => {
  it('equal media lists become one frozen list; every value stays as it was', () => {
    const record = (path: string): PageRecord =>
      JSON.parse(JSON.stringify({ key: `k:${path}`, type: 'text/html; charset=utf-8', etag: `"${path}"`, size: 10, media: ['/a.webp', '/b.webp'], mediaKey: 'x,y' }))
    const records = new Map([['/blog/a', record('/blog/a')], ['/blog/b', record('/blog/b')], ['/', { key: 'k', type: 'text/html; charset=utf-8', etag: '"r"', size: 1 }]])
    const before = structuredClone([...records])
    shareRecordValues(records)
    expect([...records]).toEqual(before)
    expect(records.get('/blog/a')!.media).toBe(records.get('/blog/b')!.media)
    expect(Object.isFrozen(records.get('/blog/a')!.media)).toBe(true)
    expect(records.get('/')!.media).toBeUndefined()
  })
})
