import { STORAGE_KEYS } from '@caravan/ui/storage';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { store } from '../../lib/session.ts';

/** How long home keeps trying to get back to its stored position while its sections load. */
const RESTORE_WINDOW_MS = 3000;
const BUYER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Home restores its stored scroll position; every other route starts at the top (spec section 2). */
export function ScrollManager() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== '/index') {
      window.scrollTo(0, 0);
      return undefined;
    }
    const stored = Number(store.getItem(STORAGE_KEYS.homeScroll) ?? 0);
    const saved = Number.isFinite(stored) && stored > 0 ? stored : 0;
    // the sections arrive one by one: scroll as far as the page allows on every frame until the stored
    // position is reachable, the window is over, or the buyer scrolls on their own
    let restoring = saved > 0;
    let frame = 0;
    const started = performance.now();
    const stopRestoring = () => {
      restoring = false;
      cancelAnimationFrame(frame);
    };
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(saved, Math.max(reachable, 0)));
      if (reachable >= saved || performance.now() - started > RESTORE_WINDOW_MS) restoring = false;
      else frame = requestAnimationFrame(restore);
    };
    if (restoring) frame = requestAnimationFrame(restore);
    else window.scrollTo(0, 0);
    // while restoring, the scroll events are ours: the stored position is kept until it is reached
    const remember = () => {
      if (!restoring) store.setItem(STORAGE_KEYS.homeScroll, String(Math.round(window.scrollY)));
    };
    window.addEventListener('scroll', remember, { passive: true });
    for (const type of BUYER_SCROLLS) window.addEventListener(type, stopRestoring, { passive: true });
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', remember);
      for (const type of BUYER_SCROLLS) window.removeEventListener(type, stopRestoring);
    };
  }, [pathname]);
  return null;
}
