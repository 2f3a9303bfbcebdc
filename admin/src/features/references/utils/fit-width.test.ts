import { expect, it } from 'vitest'
import { fitWidth } from './fit-width.ts'

it('scales wide images down to the limit and keeps the ratio', () => {
  expect(fitWidth(3840, 2160, 1920)).toEqual({ width: 1920, height: 1080 })
  expect(fitWidth(1000, 333, 800)).toEqual({ width: 800, height: 266 })
})

it('leaves images at or under the limit alone', () => {
  expect(fitWidth(800, 600, 800)).toEqual({ width: 800, height: 600 })
  expect(fitWidth(300, 900, 1920)).toEqual({ width: 300, height: 900 })
})
