// A Vite build plugin for both web apps: writes .br and .gz twins of the text assets, which the server
// sends to clients that accept them. Typed structurally so this package does not depend on Vite.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Assets smaller than this gain nothing from a compressed twin. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'caravan-precompress',
    apply: 'build' as const,
    configResolved: (config: { root: string; build: { outDir: string } }) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const assets = path.join(outDir, 'assets');
      if (!existsSync(assets)) return;
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(assets, name);
        const content = readFileSync(file);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
