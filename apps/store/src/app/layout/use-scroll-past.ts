import { useHydrated } from '@caravan/ui/use-hydrated';
import { useEffect, useState } from 'react';

/**
 * Whether the page has scrolled more than `threshold` pixels. A page the server rendered may be scrolled
 * before it hydrates: it starts at the top as the server drew it, and the scroll position is read after.
 */
export function useScrollPast(threshold: number): boolean {
  const hydrated = useHydrated();
  const [past, setPast] = useState(() => hydrated && window.scrollY > threshold);
  useEffect(() => {
    if (!hydrated) return;
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold, hydrated]);
  return past;
}
