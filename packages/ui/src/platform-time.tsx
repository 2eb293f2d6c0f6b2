import { formatPlatformTime, readPlatformTimeZone } from './format.ts';
import { useHydrated } from './use-hydrated.ts';

/** As wide as a formatted time: holds the place of one until the viewer's zone is known. */
const TIME_PLACEHOLDER = '0000-00-00 00:00:00';

/**
 * A time the server wrote in the platform's zone, shown in the viewer's as YYYY-MM-DD HH:mm:ss. A page
 * the server rendered does not know the viewer's zone: the time appears once the page has hydrated.
 */
export function PlatformTime({ value }: { value: string | null | undefined }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <span dir="ltr" style={{ visibility: 'hidden' }}>
        {TIME_PLACEHOLDER}
      </span>
    );
  }
  return <span dir="ltr">{formatPlatformTime(value, readPlatformTimeZone(document))}</span>;
}
