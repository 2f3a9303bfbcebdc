import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './node-flags.ts'

describe('server node flags', () => {
  it('are the ones `npm start` runs the server with (flags and environment)', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'))
    const env = Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v}`)
    expect(pkg.scripts.start).toBe([...env, 'node', ...SERVER_NODE_FLAGS, 'api/server.ts'].join(' '))
  })
})
