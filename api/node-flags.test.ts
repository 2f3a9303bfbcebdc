import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from './node-flags.ts'

describe('server node flags', () => {
  it('are the ones `npm start` runs the server with', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'))
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'api/server.ts'].join(' '))
  })
})
