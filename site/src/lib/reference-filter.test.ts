import { describe, expect, it } from 'vitest'
import {
  chooseCategory,
  countByCategory,
  chooseSector,
  filterCards,
  hasFilter,
  noFilter,
  sectorsOf,
} from './reference-filter.ts'

const cards = [
  { id: 'a', category: 'dia', sectors: ['Gıda', 'İnşaat'] },
  { id: 'b', category: 'dia', sectors: ['gıda'] },
  { id: 'c', category: 'rota', sectors: ['Lojistik'] },
  { id: 'd', category: 'dia', sectors: [] },
] as const
const ids = (list: readonly { id: string }[]) => list.map((c) => c.id)

describe('reference filter state machine (spec section 4)', () => {
  it('starts with no filter and shows every card', () => {
    expect(hasFilter(noFilter)).toBe(false)
    expect(ids(filterCards(cards, noFilter))).toEqual(['a', 'b', 'c', 'd'])
  })

  it('choosing a category selects it and clears the sector', () => {
    const withSector = { category: 'dia', sector: 'Gıda' } as const
    expect(chooseCategory(withSector, 'rota')).toEqual({ category: 'rota', sector: null })
    expect(chooseCategory(noFilter, 'dia')).toEqual({ category: 'dia', sector: null })
  })

  it('choosing the selected category again clears both', () => {
    expect(chooseCategory({ category: 'dia', sector: 'Gıda' }, 'dia')).toEqual(noFilter)
    expect(chooseCategory({ category: 'dia', sector: null }, 'dia')).toEqual(noFilter)
  })

  it('a sector narrows within the category; choosing it again widens back', () => {
    const dia = chooseCategory(noFilter, 'dia')
    expect(ids(filterCards(cards, dia))).toEqual(['a', 'b', 'd'])
    const food = chooseSector(dia, 'Gıda')
    expect(food).toEqual({ category: 'dia', sector: 'Gıda' })
    expect(ids(filterCards(cards, food))).toEqual(['a', 'b'])
    expect(ids(filterCards(cards, chooseSector(food, 'İnşaat')))).toEqual(['a'])
    expect(chooseSector(food, 'Gıda')).toEqual(dia)
  })

  it('ignores a sector without a category', () => {
    expect(chooseSector(noFilter, 'Gıda')).toBe(noFilter)
  })

  it('any set filter counts as a filter', () => {
    expect(hasFilter({ category: 'dia', sector: null })).toBe(true)
    expect(hasFilter({ category: 'dia', sector: 'Gıda' })).toBe(true)
  })

  it('an empty category yields no cards', () => {
    expect(filterCards(cards, { category: 'webqr', sector: null })).toEqual([])
  })
})

describe('sectorsOf and countByCategory', () => {
  it('lists distinct sectors of a category regardless of case, first spelling kept', () => {
    expect(sectorsOf(cards, 'dia')).toEqual(['Gıda', 'İnşaat'])
    expect(sectorsOf(cards, 'rota')).toEqual(['Lojistik'])
    expect(sectorsOf(cards, 'akinsoft')).toEqual([])
  })

  it('counts cards per category', () => {
    expect(countByCategory(cards)).toEqual({ dia: 3, rota: 1 })
  })
})
