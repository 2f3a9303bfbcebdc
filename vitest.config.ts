import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'schema/**/*.test.ts', 'site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    // Many API tests start a whole app with git inside the test (its writer thread, the content repository's git,
    // a scrypt login): on a machine loaded far past its cores (load 30 on two) those took 20–60 s. A limit is for
    // a hang, never a speed check (timings belong in bench/).
    testTimeout: 90000,
    // The same in the hooks that start an app; that took over vitest's default 10 s on a loaded machine.
    hookTimeout: 60000,
  },
})
