// The signed-in seller: token, user name and shop in local storage under the panel's own keys (a buyer
// session in the store on the same origin is a separate one). The session ends on logout, or when the
// server answers "log in again" (code 403).
import { createSessionStore, useSessionOf } from '@caravan/ui/session-store';
import { browserStore } from '@caravan/ui/storage';

export interface SellerSession {
  token: string;
  username: string;
  shopId: string;
}

export const LANGUAGE_KEY = 'caravan.seller.language';

export const store = browserStore();

export const session = createSessionStore<SellerSession>({ store, key: 'caravan.seller.session' });

export function useSession(): SellerSession | null {
  return useSessionOf(session);
}
