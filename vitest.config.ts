import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'tests/**/*.test.ts'];
// Files that measure the machine's own behaviour (the fault-injection sweep bounds how fast a killed server
// answers again) run after the rest, one at a time, so the other files do not slow them down: `npm test`
// (scripts/run-tests.mjs) runs a second pass with CARAVAN_TEST_PASS=alone.
const ALONE = '**/*.alone.test.ts';
const alonePass = process.env.CARAVAN_TEST_PASS === 'alone';

export default defineConfig({
  test: {
    include: alonePass ? INCLUDE.map((pattern) => pattern.replace(/\*\.test\.ts$/, '*.alone.test.ts')) : INCLUDE,
    exclude: alonePass ? configDefaults.exclude : [...configDefaults.exclude, ALONE],
    globalSetup: ['tests/support/global-setup.ts'],
    // each test file gets its own database, so files run in parallel safely
    pool: 'forks',
    ...(alonePass ? { fileParallelism: false } : {}),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
