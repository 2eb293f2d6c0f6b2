import { formatPlatformTime } from '@caravan/ui/format';
import { platformTimeZone } from '../lib/settings.ts';

/** A time the server wrote in the platform's zone, shown in the viewer's as YYYY-MM-DD HH:mm:ss. */
export function PlatformTime({ value }: { value: string | null | undefined }) {
  return <span dir="ltr">{formatPlatformTime(value, platformTimeZone())}</span>;
}
