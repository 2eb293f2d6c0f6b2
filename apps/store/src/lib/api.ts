// The store's API client: the shared legacy client wired to the session, the language and the toast.
import { REQUEST_CODES, type Locale } from '@caravan/contract/languages';
import { createApiClient, errorToaster } from '@caravan/ui/api-client';
import { serverContext } from './server-context.ts';
import { session } from './session.ts';

let currentLocale: Locale = 'en';
let showError: (message: string) => void = () => {};
let onExpired: () => void = () => {};

export function setApiLocale(locale: Locale): void {
  currentLocale = locale;
}

/** The toast and the navigation live in React; the app connects them once it has rendered. */
export function connectApi(handlers: { showError: (message: string) => void; onSessionExpired: () => void }): void {
  showError = handlers.showError;
  onExpired = handlers.onSessionExpired;
}

const toast = errorToaster((message) => showError(message));

export const api = createApiClient({
  getToken: () => session.token(),
  getLang: () => REQUEST_CODES[serverContext()?.locale ?? currentLocale],
  // the server renders pages with the API in its own process (src/entry-server.tsx)
  fetch: (input, init) => (serverContext()?.fetch ?? globalThis.fetch)(input, init),
  onSessionExpired: () => {
    session.clear();
    onExpired();
  },
  onError: (message) => toast(message),
});

export function currentApiLocale(): Locale {
  return serverContext()?.locale ?? currentLocale;
}
