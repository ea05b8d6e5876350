import { describe, expect, it } from 'vitest';
import { isAcceptablePassword } from '../../shared/catalogue/passwords';

describe('password rule: 6 characters or more, one of them a letter', () => {
  it('at least 6 characters with at least one letter', () => {
    expect(isAcceptablePassword('abc123')).toBe(true);
    expect(isAcceptablePassword('éééééé')).toBe(true);
    expect(isAcceptablePassword('abc12')).toBe(false);
    expect(isAcceptablePassword('1234567')).toBe(false);
  });
});
