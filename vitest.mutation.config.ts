import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

/**
 * The mutation run's vitest (issue 28, scripts/mutation.ts): only the fast tests of the module group being
 * mutated, named in MUTATION_TESTS (comma-separated), so each mutant runs in seconds.
 */
const tests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean)

export default defineConfig({
  test: {
    ...base.test,
    include: tests.length ? tests : ['no-mutation-group-given'],
  },
})
