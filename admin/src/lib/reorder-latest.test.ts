import { describe, expect, it } from 'vitest'
import { reorderLatest } from './reorder-latest.ts'

const text = { key: 't', type: 'text', src: '' }
const image = { key: 'i', type: 'image', src: '' }

describe('reorderLatest', () => {
  it('takes the drop’s order and the latest values (an upload that ended during the drag keeps its image)', () => {
    const uploaded = { ...image, src: '/uploads/kapak.webp' }
    expect(reorderLatest([text, uploaded], [image, text])).toEqual([uploaded, text])
  })

  it('keeps a field added during the drag (last) and leaves out one removed during it', () => {
    const added = { key: 'n', type: 'text', src: '' }
    expect(reorderLatest([text, image, added], [image, text])).toEqual([image, text, added])
    expect(reorderLatest([image], [image, text])).toEqual([image])
  })
})
