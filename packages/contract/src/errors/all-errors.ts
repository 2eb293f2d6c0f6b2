import { accountsErrors } from './accounts.ts';
import { addressesErrors } from './addresses.ts';
import { catalogErrors } from './catalog.ts';
import { chatErrors } from './chat.ts';
import { commonErrors } from './common.ts';
import { contentErrors } from './content.ts';
import type { ErrorSpec } from './error-spec.ts';
import { favoritesErrors } from './favorites.ts';
import { kycErrors } from './kyc.ts';
import { loansErrors } from './loans.ts';
import { operatorsErrors } from './operators.ts';
import { ordersErrors } from './orders.ts';
import { sellersErrors } from './sellers.ts';
import { shopsErrors } from './shops.ts';
import { uploadsErrors } from './uploads.ts';
import { walletErrors } from './wallet.ts';

/** Every error key the server can answer with, each mapped once to its legacy code and HTTP status. */
export const errorCatalog = {
  ...commonErrors,
  ...accountsErrors,
  ...contentErrors,
  ...uploadsErrors,
  ...catalogErrors,
  ...shopsErrors,
  ...favoritesErrors,
  ...addressesErrors,
  ...walletErrors,
  ...operatorsErrors,
  ...ordersErrors,
  ...loansErrors,
  ...chatErrors,
  ...sellersErrors,
  ...kycErrors,
} as const satisfies Record<string, ErrorSpec>;

export type ErrorKey = keyof typeof errorCatalog;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(errorCatalog, value);
}

/** Success texts some calls put in `msg` (legacy "操作成功" and friends). */
export const SUCCESS_KEYS = [
  'success.operation',
  'success.registered',
  'success.logged_out',
  'success.logged_off',
  'success.subscribed',
  'success.code_sent',
  'success.password_reset',
  'success.address_bound',
  'success.application_submitted',
  'success.received',
  'success.review_submitted',
] as const;
export type SuccessKey = (typeof SUCCESS_KEYS)[number];

/** Order timeline entries and the reasons they quote, translated when the timeline is read. */
export const TIMELINE_KEYS = [
  'timeline.placed',
  'timeline.paid',
  'timeline.confirmed',
  'timeline.shipped',
  'timeline.system_shipped',
  'timeline.received',
  'timeline.auto_received',
  'timeline.completed',
  'timeline.cancelled',
  'timeline.cancelled_timeout',
  'timeline.reminded',
  'timeline.refund_requested',
  'timeline.refund_approved',
  'timeline.refund_succeeded',
  'timeline.refund_failed',
  'timeline.refund_rejected',
  'timeline.default_review',
  'timeline.chat_linked',
  'reason.cancel.0',
  'reason.cancel.1',
  'reason.cancel.2',
  'reason.cancel.3',
  'reason.cancel.4',
  'reason.refund.1',
  'reason.refund.2',
  'reason.refund.3',
  'reason.refund.4',
  'reason.refund.5',
  'reason.refund.6',
  'reason.refund.7',
  'reason.refund.8',
  'reason.refund.9',
] as const;
export type TimelineKey = (typeof TIMELINE_KEYS)[number];
