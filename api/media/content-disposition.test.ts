import { describe, expect, it } from 'vitest'
import { contentDisposition } from './content-disposition.ts'

/** The value a browser would read: the ASCII fallback and the decoded RFC 5987 name. */
function parse(header: string) {
  const m = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.exec(header)
  return m ? { ascii: m[1], name: decodeURIComponent(m[2]!) } : null
}

describe('contentDisposition', () => {
  it.each([
    'Muhasebe Programı Ğüşİöç.exe',
    'a"b\\c.exe',
    "x\"; filename*=UTF-8''kotu.html",
    '%22yüzde%20.exe',
    '😀 emoji.exe',
    "it's (new) *.exe",
  ])(
    'keeps %j exactly in filename* and gives a quoted ASCII fallback that nothing can break out of',
    (name) => {
      const header = contentDisposition(name)
      expect(header).not.toMatch(/[\r\n\u0000-\u001f\u007f-\uffff]/)
      const parsed = parse(header)
      expect(parsed, header).not.toBeNull()
      expect(parsed!.name).toBe(name)
      expect(parsed!.ascii).toMatch(/^[\x20-\x7e]*$/)
    },
  )

  it('spells Turkish letters in the fallback', () => {
    expect(parse(contentDisposition('Muhasebe Programı Ğüşİöç.exe'))!.ascii).toBe(
      'Muhasebe Programi GusIoc.exe',
    )
  })

  it('never lets a line break through (header injection)', () => {
    const header = contentDisposition('a\r\nSet-Cookie: x=1.exe')
    expect(header).not.toMatch(/[\r\n]/)
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow()
  })
})
