import { describe, expect, it } from 'vitest';
import { formatBalance, formatDecimalAmount, formatMinorUnits } from './money.ts';

describe('balance formatting', () => {
  it('writes two decimals and thousands separators from decimal strings', () => {
    expect(formatDecimalAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimalAmount('0')).toBe('0.00');
    expect(formatDecimalAmount('-1000.05')).toBe('-1,000.05');
    expect(formatBalance('2000.00', 'RM')).toBe('RM 2,000.00');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(formatDecimalAmount('92233720368547758.07')).toBe('92,233,720,368,547,758.07');
    expect(formatMinorUnits(9_223_372_036_854_775_807n)).toBe('92,233,720,368,547,758.07');
    expect(formatMinorUnits('-5')).toBe('-0.05');
  });

  it('refuses what is not a decimal amount', () => {
    expect(formatDecimalAmount('1e5')).toBeNull();
    expect(formatBalance('abc', 'RM')).toBeNull();
  });
});
