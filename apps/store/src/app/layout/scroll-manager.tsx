import { STORAGE_KEYS } from '@caravan/ui/storage';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { store } from '../../lib/session.ts';

/** Home restores its stored scroll position; every other route starts at the top (spec section 2). */
export function ScrollManager() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/index') {
      const saved = Number(store.getItem(STORAGE_KEYS.homeScroll) ?? 0);
      // wait a frame so the home page's content has a height to scroll into
      const frame = requestAnimationFrame(() => window.scrollTo(0, Number.isFinite(saved) ? saved : 0));
      const remember = () => store.setItem(STORAGE_KEYS.homeScroll, String(Math.round(window.scrollY)));
      window.addEventListener('scroll', remember, { passive: true });
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('scroll', remember);
      };
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [pathname]);
  return null;
}
