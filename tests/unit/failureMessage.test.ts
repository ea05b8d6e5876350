import { describe, expect, it } from 'vitest';
import { failureMessage } from '../../src/providers/failureMessage';

describe('failureMessage', () => {
  it("is the failure's own code or text", () => {
    expect(failureMessage(new Error('EMAIL_TAKEN'))).toBe('EMAIL_TAKEN');
    expect(failureMessage({ message: 'Error creating admin!' })).toBe('Error creating admin!');
    expect(failureMessage('RATE_LIMITED')).toBe('RATE_LIMITED');
  });

  it('is UNKNOWN_ERROR_OCCUR for a failure that says nothing, unless the caller names a fallback', () => {
    for (const silent of [new Error(''), new Error('  '), undefined, null, {}, { message: 42 }]) {
      expect(failureMessage(silent)).toBe('UNKNOWN_ERROR_OCCUR');
    }
    expect(failureMessage(undefined, 'Error inviting!')).toBe('Error inviting!');
  });
});
