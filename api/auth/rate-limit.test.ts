import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.ts'

// Issue 28 (the `logins` mutation group): the limiter alone, on a clock the test moves.
const at = (ms: number) => {
  const clock = { t: 1_000_000 + ms }
  return { clock, limiter: createRateLimiter(3, 60_000, () => new Date(clock.t)) }
}

describe('createRateLimiter', () => {
  it('lets `limit` attempts through per key and window, then refuses without counting', () => {
    const { limiter } = at(0)
    expect(limiter.limit).toBe(3)
    expect([1, 2, 3, 4, 5].map(() => limiter.take(['a']))).toEqual([true, true, true, false, false])
    // A refused attempt is not counted: the key stays at the limit.
    expect(limiter.count('a')).toBe(3)
    // Other keys have their own count.
    expect(limiter.count('b')).toBe(0)
    expect(limiter.take(['b'])).toBe(true)
    expect(limiter.count('b')).toBe(1)
  })

  it('takes on every key or on none: one key at its maximum refuses all of them', () => {
    const { limiter } = at(0)
    expect(limiter.take(['pair'], 1)).toBe(true)
    expect(limiter.take(['address', 'pair'], 1)).toBe(false)
    expect(limiter.count('address')).toBe(0)
    expect(limiter.count('pair')).toBe(1)
    expect(limiter.take(['address', 'other'])).toBe(true)
    expect([limiter.count('address'), limiter.count('other')]).toEqual([1, 1])
  })

  it('takes against the maximum given, else the limit', () => {
    const { limiter } = at(0)
    for (let i = 0; i < 5; i++) expect(limiter.take(['x'], 6)).toBe(true)
    expect(limiter.take(['x'], 6)).toBe(true)
    expect(limiter.take(['x'], 6)).toBe(false)
    expect(limiter.count('x')).toBe(6)
    expect(limiter.take(['y'], 0)).toBe(false)
    expect(limiter.count('y')).toBe(0)
  })

  it('starts a key afresh once its window has ended, counting from the first attempt of the window', () => {
    const { clock, limiter } = at(0)
    const start = clock.t
    limiter.take(['a'])
    clock.t = start + 30_000
    limiter.take(['a'])
    limiter.take(['a'])
    expect(limiter.take(['a'])).toBe(false)
    // The window is the first attempt's minute: a millisecond before its end the key is still full …
    clock.t = start + 59_999
    expect(limiter.count('a')).toBe(3)
    expect(limiter.take(['a'])).toBe(false)
    // … at its end it is empty, and a new window begins with this attempt.
    clock.t = start + 60_000
    expect(limiter.count('a')).toBe(0)
    expect(limiter.take(['a'])).toBe(true)
    expect(limiter.count('a')).toBe(1)
    clock.t = start + 60_000 + 59_999
    expect(limiter.count('a')).toBe(1)
    clock.t = start + 120_000
    expect(limiter.count('a')).toBe(0)
  })

  it('note counts without a limit, in the same window', () => {
    const { clock, limiter } = at(0)
    for (let i = 0; i < 10; i++) limiter.note('account')
    expect(limiter.count('account')).toBe(10)
    expect(limiter.take(['account'], 11)).toBe(true)
    expect(limiter.take(['account'], 11)).toBe(false)
    clock.t += 60_000
    expect(limiter.count('account')).toBe(0)
    limiter.note('account')
    expect(limiter.count('account')).toBe(1)
  })

  it('refund gives back one attempt on each key, never below zero, and only within the window', () => {
    const { clock, limiter } = at(0)
    limiter.take(['a', 'b'])
    limiter.take(['a'])
    limiter.refund(['a', 'b'])
    expect([limiter.count('a'), limiter.count('b')]).toEqual([1, 0])
    limiter.refund(['b'])
    expect(limiter.count('b')).toBe(0)
    // A refund on a key with nothing counted starts nothing.
    limiter.refund(['c'])
    expect(limiter.count('c')).toBe(0)
    limiter.take(['b'])
    expect(limiter.count('b')).toBe(1)
    // An ended window is not refunded into: the next attempt starts a new one.
    limiter.take(['a'])
    clock.t += 60_000
    limiter.refund(['a'])
    limiter.take(['a'])
    expect(limiter.count('a')).toBe(1)
  })

  it('reset forgets every attempt on the keys named, and only those', () => {
    const { limiter } = at(0)
    for (let i = 0; i < 3; i++) limiter.take(['a', 'b'])
    limiter.reset(['a'])
    expect(limiter.count('a')).toBe(0)
    expect(limiter.count('b')).toBe(3)
    expect(limiter.take(['a'])).toBe(true)
    expect(limiter.take(['b'])).toBe(false)
  })

  it('holds ended windows up to 10,000 keys and drops them all at the next attempt past that', () => {
    const { clock, limiter } = at(0)
    limiter.note('a')
    clock.t += 60_000
    limiter.note('b')
    // Few keys: an ended window stays held (count ignores it).
    expect(limiter.size()).toBe(2)
    expect(limiter.count('a')).toBe(0)
    for (let i = 0; i < 9997; i++) limiter.note(`old-${i}`)
    clock.t += 60_000
    limiter.note('c')
    expect(limiter.size()).toBe(10_000)
    // The key past 10,000: every ended window goes, the live one and this one stay.
    limiter.note('d')
    expect(limiter.size()).toBe(2)
    expect([limiter.count('c'), limiter.count('d')]).toEqual([1, 1])
  })

  it('drops only ended windows when it holds many keys: a live count survives the clean-up', () => {
    const { clock, limiter } = at(0)
    for (let i = 0; i < 5000; i++) limiter.note(`old-${i}`)
    clock.t += 30_000
    limiter.take(['kept'])
    limiter.take(['kept'])
    clock.t += 30_000
    // The old keys' windows have ended; 'kept' has 30 s left. Past 10,000 keys the limiter cleans up.
    for (let i = 0; i < 6000; i++) limiter.note(`new-${i}`)
    expect(limiter.count('kept')).toBe(2)
    expect(limiter.count('new-0')).toBe(1)
    expect(limiter.take(['kept'])).toBe(true)
    expect(limiter.take(['kept'])).toBe(false)
  })
})
