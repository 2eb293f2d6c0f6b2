import { formatPlatformTime, readPlatformTimeZone } from './format.ts';

/** A time the server wrote in the platform's zone, shown in the viewer's as YYYY-MM-DD HH:mm:ss. */
export function PlatformTime({ value }: { value: string | null | undefined }) {
  return <span dir="ltr">{formatPlatformTime(value, readPlatformTimeZone(document))}</span>;
}
