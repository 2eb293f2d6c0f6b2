// The app is live once its first page has committed (rendered, or hydrated from the server's HTML): it says
// so on <html data-app="live"> (what the end-to-end tests wait for), and gives back the taps the page's
// boot script held while the app was loading (apps/api/src/page-render.ts), in the order they came.
import { endHydration } from '@caravan/ui/use-hydrated';
import { useEffect } from 'react';

declare global {
  interface Window {
    __caravanLive?: boolean;
    __caravanHeldClicks?: Element[];
  }
}

export function AppLive() {
  useEffect(() => {
    endHydration();
    window.__caravanLive = true;
    document.documentElement.dataset.app = 'live';
    const held = window.__caravanHeldClicks?.splice(0) ?? [];
    for (const element of held) if (element.isConnected && element instanceof HTMLElement) element.click();
  }, []);
  return null;
}
