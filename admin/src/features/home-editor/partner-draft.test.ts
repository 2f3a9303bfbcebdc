import { expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { invalidLinkMessage } from '#schema/error-map.ts'
import { checkPartnerDraft, draftOf, emptyPartnerDraft, sameDraft } from './partner-draft.ts'

it('a blank card fails on the title, a bad link on the link', () => {
  const blank = checkPartnerDraft(emptyPartnerDraft())
  expect(blank).toEqual({ ok: false, fields: { title: msg.cardTitleRequired } })
  const badLink = checkPartnerDraft({ ...emptyPartnerDraft(), title: 'A', link: 'not a url' })
  expect(badLink).toEqual({ ok: false, fields: { link: invalidLinkMessage(['link']) } })
  expect(checkPartnerDraft({ ...emptyPartnerDraft(), title: 'A', link: 'https://ornek.com' })).toEqual({
    ok: true,
  })
})

it('draftOf drops the id and sameDraft compares values', () => {
  const card = { id: 'x', ...emptyPartnerDraft(), title: 'T' }
  expect(draftOf(card)).not.toHaveProperty('id')
  expect(sameDraft(draftOf(card), { ...emptyPartnerDraft(), title: 'T' })).toBe(true)
  expect(sameDraft(draftOf(card), emptyPartnerDraft())).toBe(false)
})
