import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.ts';

describe('parseTrustProxy', () => {
  it('understands every form: none, all, a hop count, a list', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('  ')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const hops = parseTrustProxy('2');
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect([hops('1.1.1.1', 0), hops('1.1.1.1', 1), hops('1.1.1.1', 2)]).toEqual([true, true, false]);
    }
    expect(parseTrustProxy(' loopback, 10.0.0.0/8 ,,')).toEqual(['loopback', '10.0.0.0/8']);
  });
});
