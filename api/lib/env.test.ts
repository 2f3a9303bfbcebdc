import { describe, expect, it } from 'vitest'
import { readEnv } from './env.ts'

describe('readEnv', () => {
  it('gives publishing a 10-minute time limit unless PUBLISH_TIME_LIMIT_SECONDS says otherwise', () => {
    expect(readEnv({}).PUBLISH_TIME_LIMIT_SECONDS).toBe(600)
    expect(readEnv({ PUBLISH_TIME_LIMIT_SECONDS: '90' }).PUBLISH_TIME_LIMIT_SECONDS).toBe(90)
  })

  it('refuses a time limit that is not a whole number of seconds from 10 to 86400, naming the variable', () => {
    for (const value of ['5', '0', '-1', '1.5', 'on', '100000'])
      expect(() => readEnv({ PUBLISH_TIME_LIMIT_SECONDS: value }), value).toThrow(
        'PUBLISH_TIME_LIMIT_SECONDS 10 ile 86400 arasında bir tam sayı (saniye) olmalı',
      )
  })
})
