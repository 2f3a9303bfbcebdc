import { describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import {
  addFieldError,
  buildContentStructure,
  counterText,
  fieldsFromPost,
  newField,
  splitTags,
  type BlogField,
} from './content-fields.ts'

const many = (type: BlogField['type'], n: number) => Array.from({ length: n }, () => newField(type))

describe('counters and limits', () => {
  it('reads n/20 metin, n/20 görsel', () => {
    expect(counterText([])).toBe('0/20 metin, 0/20 görsel')
    expect(counterText([...many('text', 2), ...many('image', 1)])).toBe('2/20 metin, 1/20 görsel')
  })
  it('stops text at 20, images at 20 and everything at 40', () => {
    expect(addFieldError(many('text', 19), 'text')).toBeNull()
    expect(addFieldError(many('text', 20), 'text')).toBe(msg.blogTextMax)
    expect(addFieldError(many('text', 20), 'image')).toBeNull()
    // The spec's blog texts: the image limit reads the 40-field message, not the social projects' image text.
    expect(addFieldError(many('image', 20), 'image')).toBe(
      'Maksimum 40 alan (20 metin + 20 görsel) ekleyebilirsiniz.',
    )
    expect(addFieldError(many('image', 20), 'text')).toBeNull()
    expect(addFieldError([...many('text', 20), ...many('image', 20)], 'text')).toBe(msg.blogFieldsMax)
  })
})

describe('buildContentStructure', () => {
  it('sends images by src, leaves out blank fields, orders by position', () => {
    const fields: BlogField[] = [
      { key: 'k1', type: 'image', content: '', src: '/uploads/a.png' },
      { key: 'k2', type: 'text', content: 'Merhaba', src: '' },
      { key: 'k3', type: 'image', content: '', src: '/uploads/x.png', alt: ' Kapak ' },
      { key: 'k4', type: 'image', content: '', src: '' },
      { key: 'k6', type: 'text', content: '  ', src: '' },
      { key: 'k5', type: 'image', content: '', src: '/demo/b.webp' },
    ]
    const structure = buildContentStructure(fields)
    expect(structure.map((s) => [s.id, s.order, s.imageIndex, s.src])).toEqual([
      ['k1', 0, undefined, '/uploads/a.png'],
      ['k2', 1, undefined, undefined],
      ['k3', 2, undefined, '/uploads/x.png'],
      ['k5', 3, undefined, '/demo/b.webp'],
    ])
    expect(structure[1].content).toBe('Merhaba')
    // The alt text (typed, or offered by the media library) goes with the image, trimmed.
    expect(structure.map((s) => s.alt)).toEqual(['', '', 'Kapak', ''])
  })
})

describe('fieldsFromPost', () => {
  it('sorts by order, reads content_structure and JSON text', () => {
    const fields = fieldsFromPost({
      content_structure: JSON.stringify([
        { id: 'b', type: 'image', src: '/uploads/1.png', order: 1 },
        { id: 'a', type: 'text', content: 'ilk', order: 0 },
        { id: 'c', type: 'video', order: 2 },
      ]),
    })
    expect(fields.map((f) => [f.key, f.type, f.content, f.src])).toEqual([
      ['a', 'text', 'ilk', ''],
      ['b', 'image', '', '/uploads/1.png'],
    ])
    expect(fieldsFromPost({})).toEqual([])
  })
})

it('splitTags ignores empty entries', () => {
  expect(splitTags(' e-fatura, ,muhasebe ,')).toEqual(['e-fatura', 'muhasebe'])
})
