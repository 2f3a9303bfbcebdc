import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'schema/**/*.test.ts', 'site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 20000,
  },
})
