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
  it('formats numbers the Turkish way', () => {
    expect(formatNumber(12345)).toBe('12.345')
    expect(formatNumber(2.5, 1)).toBe('2,5')
  })
})
