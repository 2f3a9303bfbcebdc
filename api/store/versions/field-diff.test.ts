import { describe, expect, it } from 'vitest'
import { diffFields } from './field-diff.ts'

describe('diffFields', () => {
  it('names a project’s date and status as the admin form does', () => {
    const before = { id: 'p1', title: 'Fidan', status: 'published', project_date: '2025-11-11' }
    const after = { id: 'p1', title: 'Fidan', status: 'draft', project_date: '2025-12-01' }
    expect(diffFields(before, after)).toEqual([
      { field: 'status', label: 'Durum', before: 'Yayında', after: 'Taslak' },
      { field: 'project_date', label: 'Proje tarihi', before: '2025-11-11', after: '2025-12-01' },
    ])
  })
})
