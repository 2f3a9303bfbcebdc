import { describe, expect, it } from 'vitest'
import {
  absoluteUrl,
  iconType,
  isCurrent,
  jsonLdText,
  pageTitle,
  paragraphs,
  socialLinks,
  telHref,
} from './site.ts'

describe('site helpers', () => {
  it('marks the current nav entry', () => {
    expect(isCurrent('/', '/')).toBe(true)
    expect(isCurrent('/', '/blog')).toBe(false)
    expect(isCurrent('/blog', '/blog/abc/')).toBe(true)
    expect(isCurrent('/biz-kimiz', '/biz-kimiz/')).toBe(true)
    expect(isCurrent('/sosyal-sorumluluk-projelerimiz', '/sosyal-sorumluluk/proje-1')).toBe(true)
  })

  it('appends the brand to page titles once', () => {
    expect(pageTitle('Blog', 'Marka')).toBe('Blog | Marka')
    expect(pageTitle('Marka', 'Marka')).toBe('Marka')
    expect(pageTitle('', 'Marka')).toBe('Marka')
  })

  it('makes absolute URLs and icon types', () => {
    expect(absoluteUrl('/uploads/a.png', 'https://ornek.com')).toBe('https://ornek.com/uploads/a.png')
    expect(absoluteUrl('https://cdn.x/a.png', 'https://ornek.com')).toBe('https://cdn.x/a.png')
    expect(absoluteUrl('', 'https://ornek.com')).toBe('')
    expect(iconType('/uploads/logo.PNG')).toBe('image/png')
    expect(iconType('/uploads/logo')).toBeUndefined()
  })

  it('escapes JSON-LD so it cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('splits text into paragraphs on blank lines', () => {
    expect(paragraphs('Bir\nsatır\n\n  \nİki\n\n')).toEqual(['Bir\nsatır', 'İki'])
    expect(paragraphs('   ')).toEqual([])
  })
})

const noSocials = { linkedin: '', instagram: '', facebook: '', twitter: '', youtube: '' }

describe('contact links', () => {
  it('lists only filled social links, in display order, with their names', () => {
    const links = socialLinks({
      socialLinks: { ...noSocials, youtube: 'https://y.example', linkedin: 'https://l.example' },
    })
    expect(links).toEqual([
      { key: 'linkedin', label: 'LinkedIn', href: 'https://l.example' },
      { key: 'youtube', label: 'YouTube', href: 'https://y.example' },
    ])
    expect(socialLinks({ socialLinks: noSocials })).toEqual([])
  })

  it('builds a tel: link from a typed phone number', () => {
    expect(telHref('+90 (212) 000 00 00')).toBe('tel:+902120000000')
  })
})
