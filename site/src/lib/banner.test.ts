import { describe, expect, it } from 'vitest'
import { bannerButtons } from './banner.ts'

describe('bannerButtons', () => {
  it('keeps the stored texts and links', () => {
    const buttons = bannerButtons({
      button1: { text: 'Ürünler', link: '/programlar' },
      button2: { text: 'Teklif Al', link: '/iletisim' },
    })
    expect(buttons).toEqual([
      { text: 'Ürünler', link: '/programlar' },
      { text: 'Teklif Al', link: '/iletisim' },
    ])
  })

  it('falls back to Programlar and Bize Ulaşın when a text or link is blank', () => {
    const buttons = bannerButtons({
      button1: { text: '  ', link: '' },
      button2: { text: 'Yazın', link: ' ' },
    })
    expect(buttons).toEqual([
      { text: 'Programlar', link: '/programlar' },
      { text: 'Yazın', link: '/bize-ulasin' },
    ])
  })
})
