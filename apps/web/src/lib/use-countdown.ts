import { useCallback, useEffect, useState } from 'react';

/**
 * The SMS button's countdown (spec §4): start(seconds) disables the button until it reaches 0.
 * Computed from an end time, so a throttled tab does not stretch it.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const running = endsAt > now;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, []);
  return { remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
