import { describe, expect, it } from 'vitest';
import { isUnavailableError } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it('knows an unreachable database or Redis by network code, SQLSTATE or driver message', () => {
    expect(isUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isUnavailableError(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    // pg_terminate_backend, a server shutting down or starting, a connection failure, a dropped database
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', '3D000'])
      expect(isUnavailableError(withCode('terminating connection', code)), code).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isUnavailableError(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isUnavailableError(new Error('Connection is closed.'))).toBe(true);
  });

  it('looks through causes (a query builder or a transaction wrapping the driver error)', () => {
    const wrapped = new Error('transaction failed', {
      cause: new Error('query failed', { cause: withCode('terminating connection', '57P01') }),
    });
    expect(isUnavailableError(wrapped)).toBe(true);
  });

  it("does not take a statement's own fault for an outage", () => {
    expect(isUnavailableError(withCode('syntax error', '42601'))).toBe(false);
    expect(isUnavailableError(withCode('duplicate key', '23505'))).toBe(false);
    expect(isUnavailableError(withCode('serialization failure', '40001'))).toBe(false);
    expect(isUnavailableError(withCode('numeric overflow', '22003'))).toBe(false);
    expect(isUnavailableError(new Error('a message that merely mentions Connection terminated'))).toBe(false);
    expect(isUnavailableError('Connection terminated')).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
    expect(isUnavailableError({ code: 'ECONNREFUSED' })).toBe(false);
  });

  it('stops after five causes (a cycle of causes does not hang)', () => {
    const deep = new Error('1', {
      cause: new Error('2', {
        cause: new Error('3', {
          cause: new Error('4', { cause: new Error('5', { cause: withCode('x', '57P01') }) }),
        }),
      }),
    });
    expect(isUnavailableError(deep)).toBe(false);
    const cycle = new Error('a');
    (cycle as { cause?: unknown }).cause = cycle;
    expect(isUnavailableError(cycle)).toBe(false);
  });
});
