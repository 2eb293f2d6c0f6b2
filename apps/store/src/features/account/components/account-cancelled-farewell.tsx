// Mounted in the app shell: when the cancellation page has left the user centre (navigation state
// ACCOUNT_CANCELLED_STATE), the browser forgets the session, the cart and the cached data, and says
// goodbye. Doing it here, after the user centre is gone, keeps its login guard from sending the user
// to the login page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMessage } from '../../../components/feedback.tsx';
import { cart } from '../../../lib/cart-store.ts';
import { session } from '../../../lib/session.ts';
import { isAccountCancelledState } from '../api/cancel-account.ts';

export function AccountCancelledFarewell() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();
  const { t } = useTranslation('account');
  const cancelled = isAccountCancelledState(location.state);
  useEffect(() => {
    if (!cancelled) return;
    cart.empty();
    session.clear();
    queryClient.removeQueries();
    void message.success(t('cancellation.done'));
    // the state is spent: the back button or a reload must not say it again
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [cancelled, location.pathname, location.search, message, navigate, queryClient, t]);
  return null;
}
