import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { PublishedPages } from '../publish/site-publisher.ts'
import { createTestApp, type TestApp } from '../testing/test-helpers.ts'
import { createSeoRecorder } from './seo-recorder.ts'

// The recorder on a real app's database: a publish's pages are checked and stored, and the answers are made once
// publishes pause, not after each one of a burst (issue 33: 45 ms a publish at 10,000 pages).

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const page = (title: string) => `<html lang="tr"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`
function publish(path: string, title: string): PublishedPages {
  return {
    rendered: [path],
    removed: [],
    full: false,
    all: () => [path],
    read: async () => page(title),
    exists: () => true,
  }
}

it('stores each publish’s checks, and makes the answers once publishes pause, not after each of a burst', async () => {
  // The recorder's quiet timer on a clock the test moves (the checks themselves run for real).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    let prepared = 0
    const seo = createSeoRecorder(t.deps.data, () => null, () => new Date('2026-11-29T10:00:00Z'), () => prepared++, 1000)
    // Saves one after the other, 600 ms apart: each publish's checks are stored before the next publish comes.
    for (let i = 0; i < 5; i++) {
      seo.record(publish('/hakkimizda', `Başlık ${i}`))
      await seo.settled()
      vi.advanceTimersByTime(600)
    }
    expect(t.deps.data.seo.all().map((row) => [row.path, row.title])).toEqual([['/hakkimizda', 'Başlık 4']])
    expect(prepared).toBe(0)
    vi.advanceTimersByTime(399)
    expect(prepared).toBe(0)
    vi.advanceTimersByTime(1)
    expect(prepared).toBe(1)
    // A publish later: made again, once.
    seo.record(publish('/hakkimizda', 'Son başlık'))
    await seo.settled()
    vi.advanceTimersByTime(5000)
    expect(prepared).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})
