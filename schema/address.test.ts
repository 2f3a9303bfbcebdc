import { describe, expect, it } from 'vitest'
import { addressOf, addressesOf, MAX_SLUG, slugify, slugInput, storedSlug, uniqueSlug } from './address.ts'
import { msg } from './messages.ts'

// Issue 28: uniqueSlug at the length limit: a base of MAX_SLUG (80) characters must give 80-character, valid,
// distinct addresses however many are taken.
const valid = (slug: string) => storedSlug.safeParse(slug).success

describe('uniqueSlug', () => {
  it('the base itself when free; else base-2, base-3… in turn', () => {
    expect(uniqueSlug('e-fatura', new Set())).toBe('e-fatura')
    expect(uniqueSlug('e-fatura', new Set(['e-fatura']))).toBe('e-fatura-2')
    expect(uniqueSlug('e-fatura', new Set(['e-fatura', 'e-fatura-2']))).toBe('e-fatura-3')
    expect(uniqueSlug('e-fatura', new Set(['e-fatura-2']))).toBe('e-fatura')
  })

  it('an 80-character base: free, it stays; taken, the suffix replaces its end and the result is 80 long', () => {
    const base = 'a'.repeat(MAX_SLUG)
    expect(uniqueSlug(base, new Set())).toBe(base)
    const second = uniqueSlug(base, new Set([base]))
    expect(second).toBe(`${'a'.repeat(MAX_SLUG - 2)}-2`)
    expect(second).toHaveLength(MAX_SLUG)
    expect(valid(second)).toBe(true)
  })

  it('an 80-character base with up to 120 taken: every suffix fits, all distinct and valid (-10, -100 cut more)', () => {
    const base = 'b'.repeat(MAX_SLUG)
    const taken = new Set([base])
    for (let i = 0; i < 120; i++) {
      const next = uniqueSlug(base, taken)
      expect(taken.has(next)).toBe(false)
      expect(next.length).toBeLessThanOrEqual(MAX_SLUG)
      expect(valid(next), next).toBe(true)
      taken.add(next)
    }
    expect(taken.has(`${'b'.repeat(MAX_SLUG - 3)}-10`)).toBe(true)
    expect(taken.has(`${'b'.repeat(MAX_SLUG - 4)}-100`)).toBe(true)
  })

  it('an 80-character base whose cut ends on a hyphen gives no double hyphen', () => {
    for (const cut of [2, 3, 4]) {
      // A hyphen exactly where the suffix starts: 'aaa…a-bb' cut to 'aaa…a' then '-2'.
      const base = `${'a'.repeat(MAX_SLUG - cut)}-${'b'.repeat(cut - 1)}`
      expect(base).toHaveLength(MAX_SLUG)
      expect(valid(base)).toBe(true)
      const taken = new Set([base])
      for (let i = 0; i < 100; i++) {
        const next = uniqueSlug(base, taken)
        expect(valid(next), next).toBe(true)
        expect(taken.has(next)).toBe(false)
        taken.add(next)
      }
    }
  })

  it('a base slugify made from a long Turkish title is 80 long at most and gets valid suffixes', () => {
    const base = slugify('Çağrı merkezi için e-Arşiv faturası düzenleme kılavuzu: adım adım '.repeat(4))
    expect(base.length).toBeLessThanOrEqual(MAX_SLUG)
    const next = uniqueSlug(base, new Set([base]))
    expect(valid(next)).toBe(true)
    expect(next.endsWith('-2')).toBe(true)
  })
})

describe('addressOf and addressesOf', () => {
  it('the slug, else the id; every address an item answers to, once each', () => {
    expect(addressOf({ id: 'x1', slug: 'e-fatura' })).toBe('e-fatura')
    expect(addressOf({ id: 'x1', slug: '' })).toBe('x1')
    expect(addressOf({ id: 'x1' })).toBe('x1')
    expect(addressesOf({ id: 'x1', slug: 'yeni', oldSlugs: ['eski', 'yeni'] })).toEqual(['yeni', 'x1', 'eski'])
    expect(addressesOf({ id: 'x1' })).toEqual(['x1'])
  })
})

// Issue 28: the survivors of the first mutation run of the addresses group.
describe('slugify, slugInput and storedSlug', () => {
  it('every Turkish letter transliterated, other accents dropped, runs of anything else one hyphen, none at the ends', () => {
    expect(slugify('Çağrı Işık Öğüt Şükür İzmir')).toBe('cagri-isik-ogut-sukur-izmir')
    expect(slugify('Café Señor Ñandú')).toBe('cafe-senor-nandu')
    expect(slugify('--  e-Fatura!!  --')).toBe('e-fatura')
    expect(slugify('?!')).toBe('')
    // Cut at 80 characters right after a hyphen: the hyphen goes too.
    expect(slugify(`${'a'.repeat(79)} bbb`)).toBe('a'.repeat(79))
  })

  it('slugInput: trimmed, up to 200 characters, made a slug; nothing readable is refused in Turkish', () => {
    expect(slugInput.parse('  Yeni Adres  ')).toBe('yeni-adres')
    expect(slugInput.parse('a'.repeat(200))).toBe('a'.repeat(MAX_SLUG))
    // The 200 are counted after the trim.
    expect(slugInput.parse(`  ${'a'.repeat(200)}  `)).toBe('a'.repeat(MAX_SLUG))
    const long = slugInput.safeParse('a'.repeat(201))
    expect(long.success).toBe(false)
    expect(long.error?.issues[0]?.message).toBe(msg.slugInvalid)
    const empty = slugInput.safeParse(' ?! ')
    expect(empty.success).toBe(false)
    expect(empty.error?.issues[0]?.message).toBe(msg.slugInvalid)
  })

  it('storedSlug: the whole string is a slug, with its Turkish message', () => {
    for (const ok of ['a', 'e-fatura-2', 'a'.repeat(MAX_SLUG)]) expect(storedSlug.safeParse(ok).success, ok).toBe(true)
    for (const bad of ['-a', 'a-', 'a--b', 'A', 'ç', ' a', 'a b', 'x/a', 'a'.repeat(MAX_SLUG + 1), '']) {
      const result = storedSlug.safeParse(bad)
      expect(result.success, bad).toBe(false)
    }
    expect(storedSlug.safeParse('-a').error?.issues[0]?.message).toBe(msg.slugInvalid)
  })
})
