import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may be repeated (e.g. "send the code again"); `start` arms it. */
export function useCountdown(seconds: number, tickMs = 1000): { left: number; start: () => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((value) => value - 1), tickMs);
    return () => clearTimeout(timer);
  }, [left, tickMs]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, start };
}
