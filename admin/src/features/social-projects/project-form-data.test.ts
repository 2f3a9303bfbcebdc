import { describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { newField } from './content-fields.ts'
import { buildProjectFormData, emptyProjectValues } from './project-form-data.ts'

describe('buildProjectFormData', () => {
  it('requires the title with the spec text and the date', () => {
    const result = buildProjectFormData(emptyProjectValues, [])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.title).toBe(msg.projectTitleRequired)
    expect(result.errors.project_date).toBeTruthy()
  })

  it('builds the body with the excerpt fallback and the structure', () => {
    const heading = { ...newField('heading'), content: 'Amaç', level: 4 as const }
    const result = buildProjectFormData(
      { ...emptyProjectValues, title: 'Fidan', project_date: '2025-03-01' },
      [heading],
    )
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    expect(result.body.get('excerpt')).toBe('Fidan...')
    expect(result.body.get('project_date')).toBe('2025-03-01')
    expect(JSON.parse(String(result.body.get('contentStructure')))).toMatchObject([
      { type: 'heading', content: 'Amaç', level: 4, order: 0 },
    ])
  })
})
