import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'apps/api/dist-*/**', '.data/**', '.tools/**', '.tmp/**', 'packages/db/migrations/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/api/src/env.ts.' },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Error'] > Literal",
          message: 'Business rules fail with AppError and an error key, not new Error("...").',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '**/scripts/**', 'apps/api/src/env.ts', 'packages/db/drizzle.config.ts', 'eslint.config.js', 'vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
