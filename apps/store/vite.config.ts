// Builds the buyer store. The brand is chosen here, at build time (BRAND=<id>, default caravan): its
// brand.json is checked and exposed as the module `virtual:brand`, its logo emitted as an asset.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { validateBrand } from '../../packages/ui/src/brand.ts';
import { precompressPlugin } from '../../packages/ui/src/precompress.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

function brandPlugin(brandId: string): Plugin {
  const dir = path.join(root, 'brands', brandId);
  const file = path.join(dir, 'brand.json');
  if (!existsSync(file)) throw new Error(`brand "${brandId}" not found: ${file}`);
  const brand = JSON.parse(readFileSync(file, 'utf8')) as { logo: string };
  const problems = validateBrand(brand);
  if (problems.length > 0) throw new Error(`brand "${brandId}" is invalid: ${problems.join('; ')}`);
  const id = 'virtual:brand';
  return {
    name: 'caravan-brand',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}`
        ? `import logo from ${JSON.stringify(path.join(dir, brand.logo))};\nexport default { ...${JSON.stringify(brand)}, logo };`
        : undefined,
    transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', (brand as unknown as { name: string }).name),
  };
}

// eslint-disable-next-line no-restricted-properties -- the build reads its one setting here
const brandId = process.env.BRAND || 'caravan';

// Two builds: the browser's (dist/), and with --ssr the server's renderer of the /wap pages
// (dist-server/entry-server.js, src/entry-server.tsx), every dependency bundled in so the API loads one
// file with no resolution of packages at run time.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), brandPlugin(brandId), ...(isSsrBuild ? [] : [precompressPlugin()])],
  define: {
    'import.meta.env.CARAVAN_SERVER_RENDER': JSON.stringify(Boolean(isSsrBuild)),
    // the server's renderer is a production build whatever NODE_ENV the server runs with: in development
    // mode Ant Design names its style scopes differently (css-dev-only-...), and the browser's would not match
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  server: { proxy: Object.fromEntries(['/wap', '/api', '/uploads', '/payments', '/console'].map((prefix) => [prefix, 'http://localhost:8080'])) },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { target: 'node22', outDir: 'dist-server', emptyOutDir: true, ssrEmitAssets: false, copyPublicDir: false }
    : {
        target: 'es2022',
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 800,
        // no <link rel="modulepreload"> per module of a lazy page: the browser finds a chunk's imports as
        // it loads it, and inserting dozens of links at once was a long task on a phone's CPU
        modulePreload: false,
        // dist/.vite/manifest.json: which chunks each route loads (the bench sums what /index needs; the
        // server finds a rendered page's chunks and styles)
        manifest: true,
      },
}));
