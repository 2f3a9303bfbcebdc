import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size.ts'

describe('formatFileSize', () => {
  it('writes Bytes/KB/MB/GB with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(512)).toBe('512 Bytes')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(1234567)).toBe('1.18 MB')
    expect(formatFileSize(52428800)).toBe('50 MB')
    expect(formatFileSize(1073741824)).toBe('1 GB')
    expect(formatFileSize(5e12)).toBe('4656.61 GB')
  })
})
