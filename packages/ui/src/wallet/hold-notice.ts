// Why a withdrawal in review waits (withdraw!get / withdraw!list hold_reason, held_until, review_reason,
// and the same on the statement's hold line): the message keys and values the wallet screens show.
import { formatPlatformTime } from '../format.ts';

export interface HoldFields {
  holdReason?: string | undefined;
  /** platform time, yyyy-MM-dd HH:mm:ss; '' when not held */
  heldUntil?: string | undefined;
  reviewReason?: string | undefined;
}

export type HoldNotice = { key: 'addressChanged'; until: string } | { key: 'newAddress' };

/** First strong isolate .. pop: a time inside a right-to-left sentence keeps its left-to-right order. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The notices of a withdrawal (none once it is decided or nothing holds it), times in the viewer's zone. */
export function holdNoticesOf(fields: HoldFields, platformTimeZone: string, viewerTimeZone?: string): HoldNotice[] {
  const notices: HoldNotice[] = [];
  if (fields.holdReason === 'address_changed' && fields.heldUntil) notices.push({ key: 'addressChanged', until: isolate(formatPlatformTime(fields.heldUntil, platformTimeZone, viewerTimeZone)) });
  if (fields.reviewReason === 'new_address') notices.push({ key: 'newAddress' });
  return notices;
}

/** The legacy record's fields under the names above. */
export function holdFieldsOfRecord(record: { hold_reason?: string | undefined; held_until?: string | undefined; review_reason?: string | undefined }): HoldFields {
  return { holdReason: record.hold_reason, heldUntil: record.held_until, reviewReason: record.review_reason };
}
