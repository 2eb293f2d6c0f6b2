import { STORAGE_KEYS } from '@caravan/ui/storage';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routerPathOf } from '../../lib/mount.ts';
import { store } from '../../lib/session.ts';

/** How long home keeps trying to get back to its stored position while its sections load. */
const RESTORE_WINDOW_MS = 10_000;
/** The page counts as loaded once its height has not changed for this long. */
const SETTLED_MS = 600;
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
    // the sections arrive one by one, each replacing a placeholder of another height: keep scrolling to
    // the stored position on every frame until the page has kept its height for a while at that
    // position, the window is over, or the buyer scrolls on their own
    let restoring = saved > 0;
    let frame = 0;
    const started = performance.now();
    let height = -1;
    let steadySince = started;
    const stopRestoring = () => {
      restoring = false;
      cancelAnimationFrame(frame);
    };
    const restore = () => {
      const now = performance.now();
      const { scrollHeight } = document.documentElement;
      if (scrollHeight !== height) {
        height = scrollHeight;
        steadySince = now;
      }
      const target = Math.min(saved, Math.max(scrollHeight - window.innerHeight, 0));
      if (Math.round(window.scrollY) !== target) window.scrollTo(0, target);
      const settled = target === saved && now - steadySince > SETTLED_MS;
      if (settled || now - started > RESTORE_WINDOW_MS) restoring = false;
      else frame = requestAnimationFrame(restore);
    };
    if (restoring) frame = requestAnimationFrame(restore);
    else window.scrollTo(0, 0);
    // while restoring, the scroll events are ours: the stored position is kept until it is reached. Once
    // the buyer has left home, the browser clamps the scroll to the next page's (shorter) height and says
    // so with a scroll event that can come before this listener is removed: not a position on home.
    const remember = () => {
      if (!restoring && routerPathOf(window.location.pathname) === '/index') store.setItem(STORAGE_KEYS.homeScroll, String(Math.round(window.scrollY)));
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
