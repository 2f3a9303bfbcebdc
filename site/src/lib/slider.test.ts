import { describe, expect, it } from 'vitest'
import { nextSlide, previousSlide } from './slider.ts'

describe('slider index', () => {
  it('advances and wraps from the last slide to the first', () => {
    expect(nextSlide(0, 3)).toBe(1)
    expect(nextSlide(2, 3)).toBe(0)
  })

  it('goes back and wraps from the first slide to the last', () => {
    expect(previousSlide(1, 3)).toBe(0)
    expect(previousSlide(0, 3)).toBe(2)
  })

  it('stays at 0 with one or no slide', () => {
    expect(nextSlide(0, 1)).toBe(0)
    expect(previousSlide(0, 0)).toBe(0)
  })
})
