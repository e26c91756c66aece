// The test run StrykerJS mutates `machines/` against (stryker.config.mjs, `npm run mutation`): the unit and machine
// layer (vitest.config.ts's `unit` project's plugins and setup), the tests that run a machine in Node. The
// server, web and e2e layers are left out: they need a database or a browser per mutant, and a machine's own tests are
// what mutation testing measures here (docs/testing.md, "Mutation testing").
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

const unit = (base.test!.projects as TestProjectInlineConfiguration[]).find((project) => project.test?.name === 'unit')!;

/**
 * The machine layer's tests (tests/machines/): the unit layer's also read sources as text (route tables, import
 * direction, locale keys), which Stryker's instrumented copies fail. MUTATION_TESTS narrows the run to some test
 * files (comma-separated globs), for a run over one machine.
 */
const include = process.env.MUTATION_TESTS?.split(',').filter(Boolean) ?? ['tests/machines/**/*.test.ts'];

export default defineConfig({
  plugins: unit.plugins,
  test: { environment: 'node', setupFiles: unit.test!.setupFiles, include },
});
