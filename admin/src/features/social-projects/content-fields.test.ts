import { describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import {
  addFieldError,
  buildContentStructure,
  fieldsFromProject,
  newField,
  type ProjectField,
} from './content-fields.ts'

const many = (type: ProjectField['type'], n: number) => Array.from({ length: n }, () => newField(type))

describe('limits', () => {
  it('applies 20 text, 20 image and 40 total', () => {
    expect(addFieldError(many('text', 20), 'text')).toBe(msg.projectTextMax)
    expect(addFieldError(many('image', 20), 'image')).toBe(msg.projectImageMax)
    expect(addFieldError(many('image', 20), 'heading')).toBeNull()
    expect(addFieldError(many('heading', 40), 'heading')).toBe(msg.projectFieldsMax)
    expect(addFieldError(many('heading', 39), 'text')).toBeNull()
  })
  it('new headings default to level 2', () => {
    expect(newField('heading').level).toBe(2)
  })
})

describe('buildContentStructure', () => {
  it('sends order as the index, level for headings, caption and src for images', () => {
    const fields: ProjectField[] = [
      { ...newField('heading'), key: 'h', content: 'Başlık', level: 3 },
      { ...newField('image'), key: 'i', caption: 'Alt yazı', src: '/uploads/yeni.webp' },
      { ...newField('image'), key: 'e' },
      { ...newField('heading'), key: 'blank', content: ' ' },
      { ...newField('image'), key: 's', src: '/uploads/a.png' },
      { ...newField('text'), key: 't', content: 'Metin' },
    ]
    const structure = buildContentStructure(fields)
    expect(structure.map((s) => [s.id, s.type, s.order])).toEqual([
      ['h', 'heading', 0],
      ['i', 'image', 1],
      ['s', 'image', 2],
      ['t', 'text', 3],
    ])
    expect(structure[0]).toMatchObject({ content: 'Başlık', level: 3 })
    expect(structure[1]).toMatchObject({ caption: 'Alt yazı', src: '/uploads/yeni.webp' })
    expect(structure[2]).toMatchObject({ src: '/uploads/a.png' })
  })
})

it('fieldsFromProject reads either spelling, sorts and repairs levels', () => {
  const fields = fieldsFromProject({
    content_structure: [
      { id: 'b', type: 'heading', content: 'H', level: 9, order: 1 },
      { id: 'a', type: 'image', src: '/uploads/x.png', caption: 'c', order: 0 },
    ],
  })
  expect(fields.map((f) => [f.key, f.type, f.level, f.caption])).toEqual([
    ['a', 'image', 2, 'c'],
    ['b', 'heading', 2, ''],
  ])
})
