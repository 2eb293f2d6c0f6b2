// What the shared React pieces of @caravan/ui (withdrawal, fund-password step) use in the panel: the
// legacy client, the toast, and the store's fund-password page (the panel has none of its own: a seller
// sets the fund password in the store's account settings, with the same account).
import { FUND_PASSWORD_PATH } from '@caravan/ui/fund-password';
import type { UiContextValue } from '@caravan/ui/ui-context.tsx';
import type { ReactNode } from 'react';
import { api } from './api.ts';
import { toast } from './toast.ts';

function FundPasswordLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <a className={className} href={FUND_PASSWORD_PATH} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

export const sellerUi: UiContextValue = { api, FundPasswordLink, toast };
