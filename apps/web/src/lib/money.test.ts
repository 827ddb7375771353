import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatDecimalAmount,
  formatMinorUnits,
  formatSignedBalance,
  percentOfAmounts,
} from './money.ts';

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

describe('percentOfAmounts', () => {
  it('rounds down, caps at 100 and treats a zero or bad whole as done', () => {
    expect(percentOfAmounts('125.00', '500.00')).toBe(25);
    expect(percentOfAmounts('499.99', '500.00')).toBe(99);
    expect(percentOfAmounts('600.00', '500.00')).toBe(100);
    expect(percentOfAmounts('0.00', '500.00')).toBe(0);
    expect(percentOfAmounts('5.00', '0.00')).toBe(100);
    expect(percentOfAmounts('x', '500.00')).toBe(100);
    expect(percentOfAmounts('-1.00', '500.00')).toBe(100);
  });

  it('is exact where floats are not', () => {
    // As floats both are 9007199254740992 (2^53): parseFloat would say 100%.
    expect(percentOfAmounts('9007199254740992.00', '9007199254740993.00')).toBe(99);
    expect(percentOfAmounts('0.1', '0.30')).toBe(33);
  });
});

describe('formatSignedBalance', () => {
  it('puts the sign before the one currency label', () => {
    expect(formatSignedBalance('5', 'RM')).toBe('+RM 5.00');
    expect(formatSignedBalance('-0.05', 'RM')).toBe('-RM 0.05');
    expect(formatSignedBalance('0.00', 'RM')).toBe('RM 0.00');
    expect(formatSignedBalance('0', 'RM', true)).toBe('+RM 0.00');
    expect(formatSignedBalance('1234567.8', '')).toBe('+1,234,567.80');
  });
});
