import { describe, expect, it } from 'vitest'
import { targetOf } from './content-edit.ts'

// Issue 28: which content item an admin write's If-Match guards, read from its path (fast tests for the mutation
// run; guarded-saves.test.ts and guarded-deletes.test.ts drive every route through the app).
describe('targetOf', () => {
  it('documents: about and contact settings, on PUT (and any write method)', () => {
    expect(targetOf('PUT', '/api/admin/hakkimizda')).toEqual({ name: 'about' })
    expect(targetOf('PUT', '/api/admin/contact-settings')).toEqual({ name: 'contact-settings' })
    expect(targetOf('POST', '/api/admin/hakkimizda')).toEqual({ name: 'about' })
  })

  it('home sections, and everything under them (cards, service headings), by section', () => {
    for (const section of ['banner', 'services', 'about', 'partners', 'blog'])
      expect(targetOf('PUT', `/api/admin/anasayfa/${section}`)).toEqual({ name: 'home', id: section })
    expect(targetOf('DELETE', '/api/admin/anasayfa/partners/cards/p1')).toEqual({ name: 'home', id: 'partners' })
    expect(targetOf('POST', '/api/admin/anasayfa/services/tree')).toEqual({ name: 'home', id: 'services' })
    expect(targetOf('PUT', '/api/admin/anasayfa/yok')).toBeNull()
    expect(targetOf('PUT', '/api/admin/anasayfa')).toBeNull()
  })

  it('an entry of a list on PUT and DELETE; its id decoded', () => {
    for (const list of ['blogs', 'social-projects', 'programs', 'references'] as const) {
      expect(targetOf('PUT', `/api/admin/${list}/x1`)).toEqual({ name: list, id: 'x1' })
      expect(targetOf('DELETE', `/api/admin/${list}/x1`)).toEqual({ name: list, id: 'x1' })
    }
    expect(targetOf('PUT', '/api/admin/blogs/%C3%A7ay')).toEqual({ name: 'blogs', id: 'çay' })
    expect(targetOf('DELETE', '/api/admin/references/card/r9')).toEqual({ name: 'references', id: 'r9' })
  })

  it('no item: reads, creations, reorders, sub-paths, the card list itself and unknown areas', () => {
    expect(targetOf('GET', '/api/admin/blogs/x1')).toBeNull()
    expect(targetOf('GET', '/api/admin/hakkimizda')).toBeNull()
    expect(targetOf('PATCH', '/api/admin/blogs/x1')).toBeNull()
    expect(targetOf('POST', '/api/admin/blogs')).toBeNull()
    expect(targetOf('POST', '/api/admin/blogs/x1')).toBeNull()
    expect(targetOf('PUT', '/api/admin/blogs')).toBeNull()
    expect(targetOf('PUT', '/api/admin/references/reorder')).toBeNull()
    expect(targetOf('PUT', '/api/admin/references/slider/s1')).toBeNull()
    expect(targetOf('DELETE', '/api/admin/references/card')).toBeNull()
    expect(targetOf('PUT', '/api/admin/blogs/x1/extra')).toBeNull()
    expect(targetOf('PUT', '/api/admin/users/u1')).toBeNull()
    expect(targetOf('DELETE', '/api/admin/media/a.png')).toBeNull()
  })
})
