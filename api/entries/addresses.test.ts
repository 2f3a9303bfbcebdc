import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { editedAddress, newItemSlug } from './addresses.ts'

// Issue 28: the address rules unit by unit (fast tests for the mutation run; api/publish/addresses.test.ts drives
// them through the app and the built site).
const items = [
  { id: 'a1', slug: 'e-fatura-rehberi', oldSlugs: ['eski-rehber'] },
  { id: 'b2' },
  { id: 'c3', slug: 'e-arsiv' },
]

async function refusal(run: () => unknown) {
  try {
    run()
  } catch (err) {
    expect(err).toBeInstanceOf(HTTPException)
    const res = (err as HTTPException).getResponse()
    return { status: res.status, body: await res.json() }
  }
  throw new Error('refused nothing')
}

describe('newItemSlug', () => {
  it('from the title, transliterated; -2 when the address is taken by a slug, an id or an old slug', () => {
    expect(newItemSlug(items, 'Çağrı Merkezi', undefined, 'x')).toBe('cagri-merkezi')
    expect(newItemSlug(items, 'E-Fatura Rehberi', undefined, 'x')).toBe('e-fatura-rehberi-2')
    expect(newItemSlug(items, 'B2', undefined, 'x')).toBe('b2-2')
    expect(newItemSlug(items, 'Eski Rehber', undefined, 'x')).toBe('eski-rehber-2')
  })

  it('the fallback when the title has nothing readable', () => {
    expect(newItemSlug(items, '?!', undefined, 'yazi-9')).toBe('yazi-9')
    expect(newItemSlug(items, '', undefined, 'b2')).toBe('b2-2')
  })

  it('a typed address is used as typed, or refused in Turkish when any item answers to it', async () => {
    expect(newItemSlug(items, 'Başlık', 'benim-adresim', 'x')).toBe('benim-adresim')
    for (const typed of ['e-fatura-rehberi', 'b2', 'eski-rehber']) {
      const { status, body } = await refusal(() => newItemSlug(items, 'Başlık', typed, 'x'))
      expect(status).toBe(400)
      expect(body).toEqual({ success: false, message: msg.slugTaken, fields: { slug: msg.slugTaken } })
    }
  })
})

describe('editedAddress', () => {
  it('no typed address, or the same one: nothing changes', () => {
    expect(editedAddress(items, items[0]!, undefined)).toEqual({})
    expect(editedAddress(items, items[0]!, '')).toEqual({})
    expect(editedAddress(items, items[0]!, 'e-fatura-rehberi')).toEqual({})
    expect(editedAddress(items, items[1]!, 'b2')).toEqual({})
  })

  it('a new address: the old one joins oldSlugs (an id never does); going back to an old slug takes it out', () => {
    expect(editedAddress(items, items[0]!, 'yeni-rehber')).toEqual({ slug: 'yeni-rehber', oldSlugs: ['eski-rehber', 'e-fatura-rehberi'] })
    expect(editedAddress(items, items[1]!, 'ilk-adres')).toEqual({ slug: 'ilk-adres', oldSlugs: [] })
    expect(editedAddress(items, items[0]!, 'eski-rehber')).toEqual({ slug: 'eski-rehber', oldSlugs: ['e-fatura-rehberi'] })
    // The item's own id is its own: it may take it as its address.
    expect(editedAddress(items, items[0]!, 'a1')).toEqual({ slug: 'a1', oldSlugs: ['eski-rehber', 'e-fatura-rehberi'] })
  })

  it('an address another item answers to is refused in Turkish', async () => {
    for (const typed of ['e-arsiv', 'c3', 'b2']) {
      const { status, body } = await refusal(() => editedAddress(items, items[0]!, typed))
      expect(status).toBe(400)
      expect(body.fields).toEqual({ slug: msg.slugTaken })
    }
  })
})
