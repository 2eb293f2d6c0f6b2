// What the shared React pieces of @caravan/ui (withdrawal, fund-password step) use in the store: its API
// client, its own route to the fund-password page, its toast, and the balance kept in local storage.
import { FUND_PASSWORD_PATH } from '@caravan/ui/fund-password';
import { STORAGE_KEYS } from '@caravan/ui/storage';
import type { UiContextValue } from '@caravan/ui/ui-context.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from './api.ts';
import { store } from './session.ts';
import { message } from './toast.ts';

function FundPasswordLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link className={className} to={FUND_PASSWORD_PATH}>
      {children}
    </Link>
  );
}

export const storeUi: UiContextValue = {
  api,
  FundPasswordLink,
  toast: { success: (text) => void message.success(text), warning: (text) => void message.warning(text), error: (text) => void message.error(text) },
  // the legacy client keeps the balance in local storage (spec section 3 keys)
  onBalance: (money) => store.setItem(STORAGE_KEYS.balance, money),
};
