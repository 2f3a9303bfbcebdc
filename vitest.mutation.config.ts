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
    // A test that times out counts as a killed mutant: on a loaded machine an app-level test can take minutes,
    // and a timeout there must not pass for a caught bug (Stryker has its own timeout for mutants that hang).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
})
