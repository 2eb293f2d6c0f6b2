// The console's REST client: the shared client wired to the session and the language. An ended session
// (the server's `operators.not_logged_in`) signs out, and the router shows the login page again.
import { createRestClient, RestError } from '@caravan/ui/rest-client';
import type { TFunction } from 'i18next';
import { session } from './session.ts';

export const CONSOLE_API = '/console/api';

let currentLang = 'en';

export function setApiLanguage(locale: string): void {
  currentLang = locale;
}

export const api = createRestClient({
  baseUrl: CONSOLE_API,
  getToken: () => session.token(),
  getLang: () => currentLang,
  onSessionExpired: () => session.end('expired'),
});

/** What to tell the operator about a failed call: the server's translated message, else ours. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof RestError) {
    if (error.message) return error.message;
    return t(`common:errors.${error.errorKey === 'common.network' ? 'network' : 'unexpected'}`);
  }
  return t('common:errors.unexpected');
}
