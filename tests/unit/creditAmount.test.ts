import { describe, expect, it } from 'vitest';
import { addCredit, parseCreditAmount } from '../../src/resources/companies/creditAmount';

describe('credit amounts', () => {
  it('accepts a signed amount with at most two decimals, a comma or a point', () => {
    expect(['12', '+12', '-12', '12.5', '-0.01', '12,25', ' 7 '].map(parseCreditAmount)).toEqual([12, 12, -12, 12.5, -0.01, 12.25, 7]);
  });

  it('refuses zero, three decimals, words, exponents and anything at or past 10^12', () => {
    for (const text of ['', '0', '-0.00', '1.234', 'abc', '1e3', '12.', '.5', '1 000', '1000000000000', '-1000000000000']) {
      expect(parseCreditAmount(text), text).toBeUndefined();
    }
    expect(parseCreditAmount('999999999999.99')).toBe(999999999999.99);
  });

  it('adds in cents', () => {
    expect(addCredit(0.1, 0.2)).toBe(0.3);
    expect(addCredit(250, -20.5)).toBe(229.5);
    expect(addCredit(1.15, 1.15)).toBe(2.3);
  });
});
