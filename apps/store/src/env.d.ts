/// <reference types="vite/client" />

declare module 'virtual:brand' {
  import type { Brand } from '@caravan/ui/brand';
  const brand: Brand;
  export default brand;
}
