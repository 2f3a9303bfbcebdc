// StrykerJS for `npm run test:mutation` (issue 28): scripts/mutation.ts runs it once per module group, passing the
// group's files to mutate, its tests (MUTATION_TESTS) and its incremental file on the command line.
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // TypeScript 7 has no JavaScript API: Stryker's tsconfig rewrite (ts.parseConfigFileTextToJson) must not run.
  tsconfigFile: 'no-tsconfig-for-stryker.json',
  checkers: [],
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process at a time.
  concurrency: 1,
  incremental: true,
  // .build's `live` symlink breaks the sandbox copy (EISDIR); the rest is not needed by the unit tests.
  ignorePatterns: ['.build', 'dist', 'site/dist', 'admin/dist', 'e2e', 'test-results', '.test-reports', 'playwright-report', 'reports', 'data', 'backups', 'bench', '.stryker-tmp'],
  reporters: ['clear-text', 'progress', 'json'],
  // One report and one sandbox folder per group (MUTATION_GROUP, set by scripts/mutation.ts): two groups may run at once.
  jsonReporter: { fileName: `reports/mutation/${process.env.MUTATION_GROUP ?? 'mutation'}.json` },
  tempDirName: `.stryker-tmp/${process.env.MUTATION_GROUP ?? 'run'}`,
  cleanTempDir: true,
  // A mutant slower than its tests' dry run by this much counts as hanging (Timeout = detected): generous, as the
  // machine's load changes by the minute and a slow run must not pass for a caught bug.
  timeoutMS: 120000,
  // The first run of every test of a group (coverage per test): the git groups' tests fork git hundreds of times,
  // which took more than Stryker's default 5 minutes at load 30 (issue 28, decision 289).
  dryRunTimeoutMinutes: 30,
  timeoutFactor: 2,
}
