import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'tests/**/*.test.ts'];
// Files that measure the machine's own behaviour (the fault-injection sweep bounds how fast a killed server
// answers again) run after the rest, one at a time, so the other files do not slow them down.
const ALONE = '**/*.alone.test.ts';
// The browser files (Chromium against a real server) wait for what a page shows, with time-outs: they run
// one at a time too, in a pass of their own, while the other files share the machine's cores.
const BROWSER = 'tests/e2e/**/*.test.ts';
// `npm test` (scripts/run-tests.mjs) runs three passes: CARAVAN_TEST_PASS=parallel, then browser, then
// alone. Without it (vitest run directly) every file but the alone ones runs, as vitest schedules them.
const pass = process.env.CARAVAN_TEST_PASS;

function files(): { include: string[]; exclude: string[] } {
  if (pass === 'alone') return { include: INCLUDE.map((pattern) => pattern.replace(/\*\.test\.ts$/, '*.alone.test.ts')), exclude: configDefaults.exclude };
  if (pass === 'browser') return { include: [BROWSER], exclude: [...configDefaults.exclude, ALONE] };
  if (pass === 'parallel') return { include: INCLUDE, exclude: [...configDefaults.exclude, ALONE, BROWSER] };
  return { include: INCLUDE, exclude: [...configDefaults.exclude, ALONE] };
}

export default defineConfig({
  test: {
    ...files(),
    globalSetup: ['tests/support/global-setup.ts'],
    // each test file gets its own database, so files run in parallel safely: two at a time at least (vitest's
    // default on 2 cores is one, which leaves a core idle while a file starts and imports)
    pool: 'forks',
    ...(pass === 'alone' || pass === 'browser' ? { fileParallelism: false } : { maxWorkers: Math.max(2, availableParallelism() - 1) }),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
