import { useEffect, useState } from 'react';

/**
 * The server's clock as the lottery's answers tell it (`serverTime` of the numero calls): the
 * offset from this device's clock, so a countdown to a numero's close follows the server even when
 * the phone's clock is wrong. Half the call's duration is taken as the answer's travel time.
 */
let offsetMs = 0;

export function noteServerTime(serverTime: number, sentAt: number, receivedAt = Date.now()): void {
  offsetMs = serverTime - Math.round((sentAt + receivedAt) / 2);
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Whole seconds left until `at` (server time), never below 0; re-renders every second. */
export function useSecondsUntil(at: number | null | undefined): number | null {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (at == null) return;
    setNow(serverNow());
    const timer = window.setInterval(() => setNow(serverNow()), 1_000);
    return () => window.clearInterval(timer);
  }, [at]);
  if (at == null) return null;
  return Math.max(0, Math.ceil((at - now) / 1_000));
}

/** 75 -> "01:15", 3725 -> "1:02:05", days as "2d 03:00:00". */
export function formatCountdown(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days}d ${pad(hours)}:${pad(minutes)}:${pad(rest)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(rest)}`;
  return `${pad(minutes)}:${pad(rest)}`;
}
