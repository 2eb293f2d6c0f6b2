import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { RECHARGE_FAILURE_REDIRECT_MS, WALLET_PATH } from '../recharge-flow.ts';

/**
 * Spec sections 2 and 8: 2.5 s after a refused recharge call the user goes to the wallet page (the
 * server's message is already on screen as a toast). `pending` says a redirect is coming.
 */
export function useRefusalRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    setPending(true);
    timer.current = setTimeout(() => void navigate(WALLET_PATH), RECHARGE_FAILURE_REDIRECT_MS);
  }, [navigate]);
  return { pending, schedule };
}
