import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { shouldRetry } from './query-client.ts';

describe('query retry policy', () => {
  it('retries network failures twice at most', () => {
    const network = new ApiError('network_abnormal', '');
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, network)).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
  });

  it('never retries business answers or unknown errors', () => {
    expect(shouldRetry(0, new ApiError('CUSTOMER_NOT_LOGIN', 'x', 401))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });
});
