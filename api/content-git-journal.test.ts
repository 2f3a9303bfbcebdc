import { afterEach, describe, expect, it } from 'vitest'
import { memoryJournal, type CommitJournal } from './store/git/commit-journal.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from './testing/test-helpers.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.deps.content.settled()
  await t?.cleanup()
  t = undefined
})

/**
 * A journal whose writes of `file`'s intents take `delayMs` (a slow disk, injected), noting when each is durable.
 * Other files' intents (none expected) pass at once.
 */
function slowJournal(file: string, delayMs: number, events: string[]): CommitJournal {
  const inner = memoryJournal()
  return {
    ...inner,
    async record(intent, keep) {
      if (intent?.file === file) await new Promise((resolve) => setTimeout(resolve, delayMs))
      await inner.record(intent, keep)
      if (intent?.file === file) events.push(`günlükte: ${intent.message}`)
    },
  }
}

// Issue 28: an audit answered a save before its commit intent was in the journal and no test noticed (the crash
// tests kill the server only after the journal's fsync). A save's answer must wait for the journal, however slow.
describe('a save is answered only once its commit intent is in the journal', () => {
  it('with a journal slow to write, the answer comes after the intent is recorded, for each of two saves', async () => {
    const events: string[] = []
    t = await createTestApp({ contentVersioning: { git: { journal: () => slowJournal('about.json', 300, events) } } })
    const cookie = await adminCookie(t)
    const about = await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, cookie)).json()
    for (const title2 of ['Birinci kayıt', 'İkinci kayıt']) {
      const res = await jsonRequest(t, 'PUT', '/api/admin/hakkimizda', { ...about, title2 }, cookie)
      events.push(`yanıt: ${res.status}`)
    }
    expect(events).toEqual([
      expect.stringMatching(/^günlükte: /),
      'yanıt: 200',
      expect.stringMatching(/^günlükte: /),
      'yanıt: 200',
    ])
  })
})
