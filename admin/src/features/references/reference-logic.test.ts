import { describe, expect, it } from 'vitest'
import { categoryLabel, normalizeReferences, sameOrder, truncate } from './reference-logic.ts'

it('truncates descriptions at 50 characters plus ...', () => {
  expect(truncate('a'.repeat(50))).toBe('a'.repeat(50))
  expect(truncate('b'.repeat(51))).toBe(`${'b'.repeat(50)}...`)
})

it('labels categories in Turkish', () => {
  expect(categoryLabel('dia')).toBe('DİA')
  expect(categoryLabel('webqr')).toBe('Web & QR')
  expect(categoryLabel('x')).toBe('x')
})

describe('normalizeReferences', () => {
  it('reads data, top level and JSON text', () => {
    const card = { id: 'c1', title: 'T' }
    const slider = [{ id: 'slide-a', url: '/uploads/a.jpg' }]
    expect(normalizeReferences({ data: { cards: [card], sliderImages: ['/uploads/a.jpg'], slider } })).toEqual({
      cards: [card],
      sliderImages: ['/uploads/a.jpg'],
      slider,
    })
    expect(
      normalizeReferences({ cards: JSON.stringify([card]), sliderImages: '["/x.jpg"]' }).sliderImages,
    ).toEqual(['/x.jpg'])
    expect(normalizeReferences(null)).toEqual({ cards: [], sliderImages: [], slider: [] })
  })
})

it('sameOrder compares ids by position', () => {
  expect(sameOrder([{ id: 'a' }, { id: 'b' }], [{ id: 'a' }, { id: 'b' }])).toBe(true)
  expect(sameOrder([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }])).toBe(false)
})
