import { describe, expect, it } from 'vitest'
import { formatFileSize as schemaFormat } from '#schema/program.ts'
import { formatFileSize } from './file-size.ts'

describe('formatFileSize (island copy)', () => {
  it('matches the schema helper on every unit boundary and in between', () => {
    const samples = [0, 1, 512, 1023, 1024, 1536, 1048575, 1048576, 52428800, 1073741824, 5e12]
    for (const bytes of samples) expect(formatFileSize(bytes)).toBe(schemaFormat(bytes))
  })

  it('writes Bytes/KB/MB/GB with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(52428800)).toBe('50 MB')
    expect(formatFileSize(1234567)).toBe('1.18 MB')
  })
})
