// Whether a component is past hydration: false while the server renders a page and while the browser
// hydrates it, true afterwards (and at once in a page the browser renders itself). What only the
// browser knows (the viewer's time zone, its storage, the cart) is shown once this is true, so the
// browser's first render matches the server's HTML. The switch is a transition: React renders what it
// changes in slices, instead of one long task right after hydrating (a phone's CPU is slow).
import { startTransition, useEffect, useState } from 'react';

let hydrating = false;

/** Called by the app before it hydrates a page the server rendered. */
export function beginHydration(): void {
  hydrating = true;
}

/** Called once the page has hydrated: components mounted from now on know the browser at once. */
export function endHydration(): void {
  hydrating = false;
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
