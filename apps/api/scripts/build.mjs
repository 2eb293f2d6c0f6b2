// Bundles the server into dist/main.mjs. Workspace packages (TypeScript source) are bundled in;
// npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, '..');
const manifest = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@caravan/'));
// Dependencies of the bundled workspace packages are external too.
for (const pkg of ['contract', 'db']) {
  const dep = JSON.parse(readFileSync(path.resolve(appDir, '..', '..', 'packages', pkg, 'package.json'), 'utf8'));
  for (const name of Object.keys(dep.dependencies ?? {})) if (!name.startsWith('@caravan/')) external.push(name);
}

await build({
  entryPoints: [path.join(appDir, 'src', 'main.ts')],
  outfile: path.join(appDir, 'dist', 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...new Set(external), ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
