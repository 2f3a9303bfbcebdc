import { describe, expect, it } from 'vitest'
import { pageCount, pageHref, pageItems, pageWindow, parsePageNumber } from './paging.ts'

describe('list paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1)
    expect(pageCount(12, 12)).toBe(1)
    expect(pageCount(13, 12)).toBe(2)
    expect(pageCount(10_000, 12)).toBe(834)
  })
  it('links page 1 to the list itself and later pages under sayfa/', () => {
    expect(pageHref('/blog', 1)).toBe('/blog')
    expect(pageHref('/blog', 3)).toBe('/blog/sayfa/3')
  })
  it('accepts only whole page numbers from 2', () => {
    expect(parsePageNumber('2')).toBe(2)
    for (const bad of ['1', '0', '02', '-2', '2.5', 'iki', '', undefined]) expect(parsePageNumber(bad)).toBeNull()
  })
  it('slices the items of a page', () => {
    expect(pageItems([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4])
  })
  it('links the first, last and nearby pages with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, null, 5])
    expect(pageWindow(50, 834)).toEqual([1, null, 48, 49, 50, 51, 52, null, 834])
    expect(pageWindow(834, 834)).toEqual([1, null, 832, 833, 834])
  })
})
