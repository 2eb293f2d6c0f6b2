// Builds the operator console, served by the API at /console/ (its REST API is /console/api).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../../packages/ui/src/precompress.ts';

export default defineConfig({
  base: '/console/',
  plugins: [react(), precompressPlugin()],
  server: { port: 5174, proxy: { '/console/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
  },
});
