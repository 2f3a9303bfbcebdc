import { describe, expect, it } from 'vitest'
import { msg } from './messages.ts'
import { isLiveAt, nextChangeAfter, publishedAt, scheduleOrderOk, scheduleState, scheduleTime, storedScheduleTime } from './schedule.ts'

// Issue 28: the schedule helpers at their boundaries (the millisecond of publishAt and of unpublishAt).
const at = (iso: string) => Date.parse(iso)
const PUBLISH = '2026-12-01T09:00:00+03:00'
const UNPUBLISH = '2026-12-08T09:00:00+03:00'
const p = at(PUBLISH)
const u = at(UNPUBLISH)

describe('scheduleState and isLiveAt', () => {
  it('a draft is a draft whatever its times', () => {
    for (const now of [p - 1, p, u, u + 1]) {
      expect(scheduleState({ status: 'draft', publishAt: PUBLISH, unpublishAt: UNPUBLISH }, now)).toBe('draft')
      expect(isLiveAt({ status: 'draft' }, now)).toBe(false)
    }
  })

  it('no times: live, whether the status says published or is missing', () => {
    expect(scheduleState({ status: 'published' }, p)).toBe('live')
    expect(scheduleState({}, p)).toBe('live')
    expect(isLiveAt({}, p)).toBe(true)
  })

  it('publishAt: scheduled until the millisecond before, live at exactly publishAt', () => {
    const item = { status: 'published', publishAt: PUBLISH }
    expect(scheduleState(item, p - 1)).toBe('scheduled')
    expect(isLiveAt(item, p - 1)).toBe(false)
    expect(scheduleState(item, p)).toBe('live')
    expect(isLiveAt(item, p)).toBe(true)
    expect(scheduleState(item, p + 1)).toBe('live')
  })

  it('unpublishAt: live until the millisecond before, ended at exactly unpublishAt', () => {
    const item = { status: 'published', unpublishAt: UNPUBLISH }
    expect(scheduleState(item, u - 1)).toBe('live')
    expect(scheduleState(item, u)).toBe('ended')
    expect(isLiveAt(item, u)).toBe(false)
    expect(scheduleState(item, u + 1)).toBe('ended')
  })

  it('both: scheduled, live, ended in turn; an end before the start wins (ended)', () => {
    const item = { publishAt: PUBLISH, unpublishAt: UNPUBLISH }
    expect([p - 1, p, u - 1, u].map((now) => scheduleState(item, now))).toEqual(['scheduled', 'live', 'live', 'ended'])
    expect(scheduleState({ publishAt: UNPUBLISH, unpublishAt: PUBLISH }, p - 1)).toBe('scheduled')
    expect(scheduleState({ publishAt: UNPUBLISH, unpublishAt: PUBLISH }, p)).toBe('ended')
  })

  it('the same instant written with another offset is the same boundary', () => {
    const item = { publishAt: '2026-12-01T06:00:00Z' }
    expect(scheduleState(item, p - 1)).toBe('scheduled')
    expect(scheduleState(item, p)).toBe('live')
  })

  it('an empty or unreadable time counts as none', () => {
    expect(scheduleState({ publishAt: '', unpublishAt: '' }, p)).toBe('live')
    expect(scheduleState({ publishAt: 'yarın', unpublishAt: 'hiç' }, p)).toBe('live')
  })
})

describe('nextChangeAfter', () => {
  it('the earliest publishAt or unpublishAt strictly after now, over all items; drafts ignored', () => {
    const items = [
      { publishAt: PUBLISH, unpublishAt: UNPUBLISH },
      { status: 'draft', publishAt: '2026-11-30T00:00:00Z' },
      { unpublishAt: '2026-12-05T00:00:00Z' },
    ]
    expect(nextChangeAfter(items, p - 1)).toBe(p)
    // At exactly a change it is no longer 'next': the one after it is.
    expect(nextChangeAfter(items, p)).toBe(at('2026-12-05T00:00:00Z'))
    expect(nextChangeAfter(items, at('2026-12-05T00:00:00Z'))).toBe(u)
    expect(nextChangeAfter(items, u - 1)).toBe(u)
    expect(nextChangeAfter(items, u)).toBeNull()
  })

  it('null for no items, only drafts, no times or unreadable ones', () => {
    expect(nextChangeAfter([], 0)).toBeNull()
    expect(nextChangeAfter([{ status: 'draft', publishAt: PUBLISH }], 0)).toBeNull()
    expect(nextChangeAfter([{}, { status: 'published' }], 0)).toBeNull()
    expect(nextChangeAfter([{ publishAt: 'yarın', unpublishAt: '' }], 0)).toBeNull()
  })

  it('an earlier time found later in the list replaces a later one found first', () => {
    expect(nextChangeAfter([{ unpublishAt: UNPUBLISH }, { publishAt: PUBLISH }], 0)).toBe(p)
    expect(nextChangeAfter([{ publishAt: PUBLISH }, { unpublishAt: UNPUBLISH }], 0)).toBe(p)
    expect(nextChangeAfter([{ publishAt: UNPUBLISH, unpublishAt: PUBLISH }], 0)).toBe(p)
  })
})

describe('schedule fields', () => {
  it('scheduleOrderOk: publishAt strictly before unpublishAt when both are set', () => {
    expect(scheduleOrderOk({})).toBe(true)
    expect(scheduleOrderOk({ publishAt: PUBLISH })).toBe(true)
    expect(scheduleOrderOk({ unpublishAt: UNPUBLISH })).toBe(true)
    expect(scheduleOrderOk({ publishAt: PUBLISH, unpublishAt: UNPUBLISH })).toBe(true)
    expect(scheduleOrderOk({ publishAt: PUBLISH, unpublishAt: PUBLISH })).toBe(false)
    expect(scheduleOrderOk({ publishAt: UNPUBLISH, unpublishAt: PUBLISH })).toBe(false)
  })

  it('publishedAt: publishAt, else the creation time', () => {
    expect(publishedAt({ publishAt: PUBLISH, createdAt: '2026-01-01T00:00:00Z' })).toBe(PUBLISH)
    expect(publishedAt({ publishAt: '', createdAt: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z')
    expect(publishedAt({ createdAt: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z')
  })

  it('scheduleTime: empty is none; ISO 8601 with an offset is kept as sent; anything else is refused in Turkish', () => {
    expect(scheduleTime.parse(undefined)).toBeUndefined()
    expect(scheduleTime.parse('  ')).toBeUndefined()
    expect(scheduleTime.parse(` ${PUBLISH} `)).toBe(PUBLISH)
    for (const ok of ['2026-12-01T06:00Z', '2026-12-01T06:00:00.5Z', '2026-12-01T06:00:00.123-05:00'])
      expect(scheduleTime.parse(ok)).toBe(ok)
    for (const bad of ['2026-12-01T06:00:00', '2026-12-01', '2026-13-45T06:00:00Z', '01.12.2026 09:00', '2026-12-01T06:00:00.1234Z', 'x2026-12-01T06:00Z']) {
      const result = scheduleTime.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(msg.scheduleTimeInvalid)
    }
    expect(storedScheduleTime.safeParse(PUBLISH).success).toBe(true)
    expect(storedScheduleTime.safeParse(undefined).success).toBe(true)
    expect(storedScheduleTime.safeParse('2026-12-01T06:00:00').success).toBe(false)
    // A stored time is not trimmed: the whole string must be the time (the pattern is anchored at both ends).
    for (const bad of [' 2026-12-01T06:00:00Z', '2026-12-01T06:00:00Z ', '12026-12-01T06:00:00Z', '2026-12-01T06:00:00Z0', '2026-12-01T06:00:00+03:000', '2026-12-01T006:00:00Z'])
      expect(storedScheduleTime.safeParse(bad).success, bad).toBe(false)
    expect(storedScheduleTime.safeParse('2026-12-01T06:00:00.5+03:00').success).toBe(true)
    expect(storedScheduleTime.safeParse('2026-12-01T06:00-03:00').success).toBe(true)
    expect(storedScheduleTime.safeParse('2026-12-01T24:61:00Z').success).toBe(false)
    expect(storedScheduleTime.safeParse('2026-12-01').error?.issues[0]?.message).toBe(msg.scheduleTimeInvalid)
  })
})
