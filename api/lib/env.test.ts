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

  it('trims secrets and refuses one that is blank, too short or one character repeated, naming the variable', () => {
    const good = 'k3Jq9vX2mP7wL0sT4yR8nB6cF1hD5gZa'
    expect(readEnv({ SESSION_SECRET: `  ${good}\t` }).SESSION_SECRET).toBe(good)
    expect(readEnv({ METRICS_TOKEN: ` ${good.slice(0, 16)} ` }).METRICS_TOKEN).toBe(good.slice(0, 16))
    expect(readEnv({ CONTENT_GIT_WEBHOOK_SECRET: good }).CONTENT_GIT_WEBHOOK_SECRET).toBe(good)
    for (const name of ['SESSION_SECRET', 'METRICS_TOKEN', 'CONTENT_GIT_WEBHOOK_SECRET']) {
      for (const value of [' '.repeat(40), `${' '.repeat(20)}abc${' '.repeat(20)}`])
        expect(() => readEnv({ [name]: value }), `${name}: '${value}'`).toThrow(`${name} en az`)
      for (const value of ['x'.repeat(40), '0'.repeat(64), ` ${'a'.repeat(40)} `])
        expect(() => readEnv({ [name]: value }), `${name}: '${value}'`).toThrow(`${name} tek bir karakterin tekrarı olamaz`)
    }
  })
})
