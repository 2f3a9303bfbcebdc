import { describe, expect, it } from 'vitest'
import { categoryOptions, toReferenceView } from './reference-view.ts'

describe('toReferenceView', () => {
  it('splits sectors, resolves the label and keeps only set social links', () => {
    const view = toReferenceView({
      id: 'r1',
      image: '/demo/a.jpg',
      title: 'Örnek A.Ş.',
      description: 'Açıklama',
      category: 'edonusum',
      sector: 'Gıda, , Lojistik',
      socials: {
        instagram: '',
        twitter: '',
        facebook: '',
        linkedin: 'https://linkedin.com/x',
        website: 'https://ornek.com',
      },
    })
    expect(view.categoryLabel).toBe('E-Dönüşüm')
    expect(view.sectors).toEqual(['Gıda', 'Lojistik'])
    expect(view.socials).toEqual([
      { kind: 'website', url: 'https://ornek.com' },
      { kind: 'linkedin', url: 'https://linkedin.com/x' },
    ])
  })

  it('lists the five categories in schema order', () => {
    expect(categoryOptions.map((c) => c.label)).toEqual([
      'DİA',
      'Rota Bulut ERP',
      'E-Dönüşüm',
      'Web & QR',
      'Akınsoft',
    ])
  })
})
