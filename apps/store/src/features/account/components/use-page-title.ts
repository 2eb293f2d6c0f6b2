import { useEffect } from 'react';
import brand from 'virtual:brand';

/** The browser tab names the screen (and screen readers announce it on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} | ${brand.name}` : brand.name;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
