import { describe, expect, it } from 'vitest';
import { balanceField, formatBalance, logoFolder } from '../../shared/catalogue/product';

describe('product constants: the credit unit names the balance field and the logo folder, and a balance shows +N only above zero', () => {
  it('balance field, logo folder, and +N only when positive', () => {
    expect(balanceField()).toBe('credit_balance');
    expect(logoFolder()).toBe('/credit');
    expect(formatBalance(250)).toBe('+250 credit');
    expect(formatBalance(0)).toBe('0 credit');
    expect(formatBalance(-40)).toBe('-40 credit');
    expect(formatBalance(5, 'token')).toBe('+5 token');
  });
});
