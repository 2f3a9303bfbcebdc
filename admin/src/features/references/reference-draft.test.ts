import { expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { invalidLinkMessage } from '#schema/error-map.ts'
import { checkReferenceDraft, draftOfCard, emptyReferenceDraft } from './reference-draft.ts'

it('asks for a category, caps sectors at five and checks social URLs', () => {
  const noCategory = checkReferenceDraft({ ...emptyReferenceDraft(), title: 'A' })
  expect(noCategory).toEqual({ ok: false, fields: { category: msg.categoryRequired } })
  const sectors = checkReferenceDraft({ ...emptyReferenceDraft(), category: 'dia', sector: 'a,b,c,d,e,f' })
  expect(sectors).toEqual({ ok: false, fields: { sector: msg.sectorMax } })
  const ok = checkReferenceDraft({ ...emptyReferenceDraft(), category: 'dia', sector: 'a, ,b,c,d,e,' })
  expect(ok).toEqual({ ok: true })
  const url = checkReferenceDraft({
    ...emptyReferenceDraft(),
    category: 'rota',
    socials: { ...emptyReferenceDraft().socials, website: 'x' },
  })
  expect(url).toEqual({ ok: false, fields: { 'socials.website': invalidLinkMessage(['website']) } })
})

it('draftOfCard fills missing socials', () => {
  const card = {
    id: 'c',
    image: '',
    title: 'T',
    description: '',
    category: 'dia' as const,
    sector: '',
    socials: undefined as never,
  }
  expect(draftOfCard(card).socials.website).toBe('')
  expect(draftOfCard(card)).not.toHaveProperty('id')
})
