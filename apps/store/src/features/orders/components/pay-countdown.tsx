import { ClockCircleOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformTimeZone } from '../../../lib/settings.ts';
import { formatCountdown, secondsLeft } from '../pay-deadline.ts';

/** Seconds left until a platform-time deadline, ticking every second while above 0. */
export function useSecondsLeft(deadline: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(deadline, now, platformTimeZone());
  const running = left !== undefined && left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

/** Time left to pay an order, or that it is over (the server then cancels the order). Not a live region: it changes every second. */
export function PayCountdown({ secondsLeft: left }: { secondsLeft: number | undefined }) {
  const { t } = useTranslation('orders');
  if (left === undefined) return null;
  if (left === 0) return <p className="orders-countdown orders-countdown-over">{t('detail.payExpired')}</p>;
  return (
    <p className="orders-countdown">
      <ClockCircleOutlined aria-hidden="true" /> <span>{t('detail.payCountdown', { time: formatCountdown(left) })}</span>
    </p>
  );
}
