import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @caravan/db generate` writes a new SQL migration from the schema files; the
// migrations are committed and applied at start-up (see src/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/*.ts',
  out: './migrations',
  casing: 'snake_case',
});
