// The panel's API client: the same legacy client as the store (packages/ui/src/api-client.ts), wired to
// the seller's session, the language and the toast. Seller calls pass `{ area: 'seller' }`
// (/wap/seller/); the shared ones (login, settle-in status, uploads, wallet) go to /wap/api/.
import { REQUEST_CODES, type Locale } from '@caravan/contract/languages';
import { ApiError, createApiClient, errorToaster, type CallOptions, type Params } from '@caravan/ui/api-client';
import type { TFunction } from 'i18next';
import { session } from './session.ts';
import { toast } from './toast.ts';

let currentLocale: Locale = 'en';
/** The text of a failed call without a server message (no network, time-out), in the current language. */
let networkText = '';

export function setApiLocale(locale: Locale, networkMessage: string): void {
  currentLocale = locale;
  networkText = networkMessage;
}

const showError = errorToaster((message) => toast.error(message || networkText));

export const api = createApiClient({
  getToken: () => session.token(),
  getLang: () => REQUEST_CODES[currentLocale],
  onSessionExpired: () => session.end('expired'),
  onError: (message) => showError(message),
});

/** A call of the seller area (/wap/seller/...). */
export function sellerCall<T>(action: string, params: Params = {}, options: CallOptions = {}): Promise<T> {
  return api.call<T>(action, params, { ...options, area: 'seller' });
}

/** What to tell the seller about a failed call: the server's translated message, else ours. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t(error instanceof ApiError && error.errorKey === 'common.network' ? 'common:errors.network' : 'common:errors.unexpected');
}
