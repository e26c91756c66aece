// @ts-check
// Mutation testing of the statecharts (`npm run mutation`; not part of `npm test`). Each mutant of `machines/` runs
// the unit and machine tests that cover the mutated code, and a mutant no test fails survives. One machine at a time:
// `MUTATION_TESTS=tests/machines/redeem.test.ts npm run mutation -- --mutate machines/redeem.ts` (docs/testing.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  // `related` finds no test files inside Stryker's sandbox here; coverage per test picks each mutant's tests instead.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['machines/**/*.ts', '!machines/models/**', '!machines/index.ts', '!machines/doc.ts'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 80, break: null },
};
export default config;
