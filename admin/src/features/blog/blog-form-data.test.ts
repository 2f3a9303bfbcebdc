import { describe, expect, it } from 'vitest'
import { DEFAULT_AUTHOR } from '#schema/blog.ts'
import { msg } from '#schema/messages.ts'
import { buildBlogFormData, emptyBlogValues } from './blog-form-data.ts'
import type { BlogField } from './content-fields.ts'

describe('buildBlogFormData', () => {
  it('requires a title with the spec text', () => {
    const result = buildBlogFormData({ ...emptyBlogValues, title: '   ' }, [])
    expect(result).toEqual({ ok: false, errors: { title: msg.blogTitleRequired } })
  })

  it('builds the multipart body with defaults, tags JSON and structure JSON (images by src, no files)', () => {
    const fields: BlogField[] = [
      { key: 't1', type: 'text', content: 'Metin', src: '' },
      { key: 'i1', type: 'image', content: '', src: '/uploads/yeni.png' },
    ]
    const result = buildBlogFormData(
      { ...emptyBlogValues, title: 'Yeni yazı', tagsText: 'a, b,', status: 'draft' },
      fields,
    )
    if (!result.ok) throw new Error('expected ok')
    const body = result.body
    expect(body.get('title')).toBe('Yeni yazı')
    expect(body.get('excerpt')).toBe('Yeni yazı...')
    expect(body.get('author')).toBe(DEFAULT_AUTHOR)
    expect(body.get('status')).toBe('draft')
    expect(JSON.parse(String(body.get('tags')))).toEqual(['a', 'b'])
    const structure = JSON.parse(String(body.get('contentStructure')))
    expect(structure).toMatchObject([
      { id: 't1', type: 'text', content: 'Metin', order: 0 },
      { id: 'i1', type: 'image', src: '/uploads/yeni.png', order: 1 },
    ])
    expect(body.getAll('images')).toHaveLength(0)
  })
})
