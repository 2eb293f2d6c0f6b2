import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding pnpm-workspace.yaml), from source or from the bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'packages', 'db', 'migrations');
export const LOCALES_DIR = path.join(ROOT_DIR, 'locales');

export function resolveFromRoot(target: string): string {
  return path.isAbsolute(target) ? target : path.join(ROOT_DIR, target);
}
