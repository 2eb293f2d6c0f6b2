import { defineConfig } from 'vitest/config';

// `npm run test:containers`: the integration tests against PostgreSQL and Redis containers started by
// testcontainers (scripts/test-containers.mjs runs them only where a Docker engine answers).
export default defineConfig({
  test: {
    include: ['tests/containers/**/*.container-test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    reporters: ['default'],
  },
});
