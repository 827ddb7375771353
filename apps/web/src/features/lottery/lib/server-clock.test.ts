import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, noteServerTime, serverNow } from './server-clock.ts';

describe('lottery server clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("follows the server's time, not the device's", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    // Sent at 999,800, answered at 1,000,000: the server said 1,060,000 half way through.
    noteServerTime(1_060_000, 999_800);
    expect(serverNow()).toBe(1_060_100);
    vi.setSystemTime(1_005_000);
    expect(serverNow()).toBe(1_065_100);
    noteServerTime(1_005_000, 1_005_000);
  });

  it('writes a countdown as minutes and seconds, hours and days when needed', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(3_725)).toBe('1:02:05');
    expect(formatCountdown(2 * 86_400 + 3 * 3_600)).toBe('2d 03:00:00');
  });
});
