import { afterEach } from 'vitest'

/**
 * Sets environment variables of the test process for one test: each is put back as it was after the test (a git
 * hook or a developer's shell may have set them for the server's process). Call at the top of a test file.
 */
export function testEnv(): (key: string, value: string) => void {
  const saved = new Map<string, string | undefined>()
  afterEach(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    saved.clear()
  })
  return (key, value) => {
    if (!saved.has(key)) saved.set(key, process.env[key])
    process.env[key] = value
  }
}
