// Builds the seller panel, served by the API at /seller/; it speaks the legacy API (/wap/seller/, /wap/api/).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../../packages/ui/src/precompress.ts';

export default defineConfig({
  base: '/seller/',
  plugins: [react(), precompressPlugin()],
  server: { port: 5175, proxy: Object.fromEntries(['/wap', '/uploads'].map((prefix) => [prefix, 'http://localhost:8080'])) },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
  },
});
