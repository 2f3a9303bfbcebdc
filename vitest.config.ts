import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'schema/**/*.test.ts', 'site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    testTimeout: 20000,
    // Most API files start a whole app per test in a hook (its writer thread, the content repository's git, a
    // scrypt login): on a machine loaded far past its cores that took over vitest's default 10 s.
    hookTimeout: 60000,
  },
})
