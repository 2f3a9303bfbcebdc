import { describe, expect, it } from 'vitest'
import { programsFromBody, toProgramView, withLiveCounts, type ProgramView } from './program-view.ts'

describe('program views', () => {
  it('reads an API entry with its count and hasFile', () => {
    expect(
      toProgramView({
        id: 'p1',
        name: 'Ön Muhasebe',
        description: 'd',
        version: '2.1',
        logoPath: '/uploads/l.png',
        fileSize: 10,
        downloads: 4,
        hasFile: true,
      }),
    ).toEqual({
      id: 'p1',
      name: 'Ön Muhasebe',
      description: 'd',
      version: '2.1',
      logo: '/uploads/l.png',
      fileSize: 10,
      downloads: 4,
      hasFile: true,
    })
  })

  it('reads a build-time program: no count yet, file known from its stored path', () => {
    const view = toProgramView({
      id: 'p2',
      name: 'Araç',
      description: '',
      version: '',
      filePath: 'demo/a.exe',
      fileSize: 5,
    })
    expect(view).toMatchObject({ version: '1.0.0', downloads: null, hasFile: true })
    expect(toProgramView({ id: 'p3', name: 'Boş', filePath: '' })?.hasFile).toBe(false)
  })

  it('drops entries without id or name and answers null without a list', () => {
    expect(programsFromBody({ data: [{ id: 'a', name: 'A' }, { id: 'b' }, null] })?.map((p) => p.id)).toEqual(
      ['a'],
    )
    expect(programsFromBody({})).toBeNull()
  })

  it('a preview keeps its own programs and takes only the live download counts', () => {
    const program = (id: string, description: string, downloads: number | null): ProgramView => ({
      id,
      name: id,
      description,
      version: '1.0.0',
      logo: '',
      fileSize: 1,
      downloads,
      hasFile: true,
    })
    const shown = [program('a', 'kaydedilmemiş', null), program('yeni', 'henüz yok', null)]
    const live = [program('a', 'yayındaki', 7), program('b', 'başka', 3)]
    expect(withLiveCounts(shown, live)).toEqual([
      program('a', 'kaydedilmemiş', 7),
      program('yeni', 'henüz yok', null),
    ])
  })
})
