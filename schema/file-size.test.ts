import { describe, expect, it } from 'vitest'
import { formatFileSize, formatNumber } from './file-size.ts'

describe('formatFileSize', () => {
  it('writes bayt/KB/MB/GB with at most two decimals, in Turkish format', () => {
    expect(formatFileSize(0)).toBe('0 bayt')
    expect(formatFileSize(512)).toBe('512 bayt')
    expect(formatFileSize(1536)).toBe('1,5 KB')
    expect(formatFileSize(1234567)).toBe('1,18 MB')
    expect(formatFileSize(4781506, 1)).toBe('4,6 MB')
    expect(formatFileSize(52428800)).toBe('50 MB')
    expect(formatFileSize(1073741824)).toBe('1 GB')
    expect(formatFileSize(5e12)).toBe('4.656,61 GB')
  })
  it("writes numbers exactly as Intl's tr-TR does, without Intl for plain values (decision 319)", () => {
    const values = [
      0,
      0.25,
      0.5,
      0.05,
      1.005,
      1.05,
      1.15,
      2.675,
      9.995,
      99.95,
      999.5,
      999.95,
      1234,
      12345.678,
      1e20,
      1e21,
      123456789.987654321,
      5e-7,
      0.000001,
      -1.25,
      -0.5,
      1024 ** 3 - 1,
      Number.MAX_SAFE_INTEGER,
    ]
    let seed = 7
    for (let i = 0; i < 1000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      const size = Math.floor((seed / 2 ** 31) * 2 ** (seed % 40))
      values.push(size, size / 1024, size / 1024 ** 2, size / 1000, Math.round(size / 10) / 100)
    }
    for (const decimals of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: decimals })
      for (const value of values) expect(formatNumber(value, decimals)).toBe(intl.format(value))
    }
  })
  it('formats numbers the Turkish way', () => {
    expect(formatNumber(12345)).toBe('12.345')
    expect(formatNumber(2.5, 1)).toBe('2,5')
  })
})
