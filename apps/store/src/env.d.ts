/// <reference types="vite/client" />

declare module 'virtual:brand' {
  import type { Brand } from '@caravan/ui/brand';
  const brand: Brand;
  export default brand;
}

interface ImportMetaEnv {
  /** true in the server-side rendering build (vite.config.ts), absent in the browser's */
  readonly CARAVAN_SERVER_RENDER?: boolean;
}
