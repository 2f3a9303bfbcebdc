import { describe, expect, it } from 'vitest'
import { contentAfterCover, hasVisibleContent, sortByOrder } from './structured.ts'

describe('structured content helpers', () => {
  it('orders by the order field, then by position', () => {
    const items = [
      { type: 'text', content: 'b', order: 2 },
      { type: 'text', content: 'a', order: 0 },
      { type: 'text', content: 'c' },
    ]
    expect(sortByOrder(items).map((i) => i.content)).toEqual(['a', 'b', 'c'])
  })

  it('treats blank text and images without a source as empty', () => {
    expect(hasVisibleContent({ type: 'text', content: '  ' })).toBe(false)
    expect(hasVisibleContent({ type: 'image', src: '' })).toBe(false)
    expect(hasVisibleContent({ type: 'heading', content: 'Başlık' })).toBe(true)
  })

  it('drops the image item that repeats the cover and keeps its caption', () => {
    const items = [
      { type: 'image', src: '/demo/a.webp', caption: 'Kapak', order: 0 },
      { type: 'text', content: 'Metin', order: 1 },
      { type: 'image', src: '/demo/b.webp', order: 2 },
    ]
    const result = contentAfterCover(items, '/demo/a.webp')
    expect(result.coverCaption).toBe('Kapak')
    expect(result.items.map((i) => i.src ?? i.content)).toEqual(['Metin', '/demo/b.webp'])
    expect(contentAfterCover(items, '').items).toHaveLength(3)
  })
})
