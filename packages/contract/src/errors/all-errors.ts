import { accountsErrors } from './accounts.ts';
import { addressesErrors } from './addresses.ts';
import { catalogErrors } from './catalog.ts';
import { commonErrors } from './common.ts';
import { contentErrors } from './content.ts';
import type { ErrorSpec } from './error-spec.ts';
import { favoritesErrors } from './favorites.ts';
import { operatorsErrors } from './operators.ts';
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
  'success.address_bound',
  'success.application_submitted',
] as const;
export type SuccessKey = (typeof SUCCESS_KEYS)[number];
