import { describe, expect, it } from 'vitest';
import { withCurrencyLabel } from './money-label.ts';

describe('withCurrencyLabel', () => {
  it('puts the brand symbol before the amount, one space apart', () => {
    expect(withCurrencyLabel('1,234.50', 'RM')).toBe('RM 1,234.50');
    expect(withCurrencyLabel('-0.05', ' P ')).toBe('P -0.05');
  });

  it('leaves the amount bare without a label, or with one that is not a short plain symbol', () => {
    expect(withCurrencyLabel('1.00', '')).toBe('1.00');
    expect(withCurrencyLabel('1.00', null)).toBe('1.00');
    expect(withCurrencyLabel('1.00', 'RM\u0000')).toBe('1.00');
    expect(withCurrencyLabel('1.00', '<b>RM</b>')).toBe('1.00');
    expect(withCurrencyLabel('1.00', 'X'.repeat(9))).toBe('1.00');
  });
});
