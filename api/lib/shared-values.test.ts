import { describe, expect, it } from 'vitest'
import { sharedValues } from './shared-values.ts'

describe('sharedValues', () => {
  it('gives the first value stored under a key, and remembers at most `max` keys', () => {
    const share = sharedValues<readonly string[]>(2)
    const a = ['x']
    expect(share('x', a)).toBe(a)
    expect(share('x', ['x'])).toBe(a)
    const b = ['y']
    expect(share('y', b)).toBe(b)
    const c = ['z']
    expect(share('z', c)).toBe(c)
    expect(share('z', ['z'])).not.toBe(c) // past the bound: not remembered
    expect(share('y', ['y'])).toBe(b)
  })
})
