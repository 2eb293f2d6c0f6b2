import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The type checker and the linter are part of the suite, so `npm test` fails on either.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const tsc = require.resolve('typescript/bin/tsc');
const eslint = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');

const projects = ['tsconfig.json', 'packages/contract/tsconfig.json', 'packages/db/tsconfig.json', 'packages/ui/tsconfig.json', 'apps/api/tsconfig.json', 'apps/store/tsconfig.json'];

describe('static checks', () => {
  it.each(projects.map((project) => [project]))('%s type-checks (strict)', async (project) => {
    const result = await run(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: root }).catch((error: { stdout?: string }) => error);
    expect('stdout' in result ? result.stdout : '').toBe('');
  }, 120_000);

  it('eslint reports nothing', async () => {
    const result = await run(process.execPath, [eslint, '.', '--max-warnings', '0'], { cwd: root }).catch((error: { stdout?: string }) => error);
    expect('stdout' in result ? result.stdout : '').toBe('');
  }, 120_000);
});
