import { describe, expect, it } from 'vitest';
import { firstTenCharacters, formatFrenchLongDate, formatShortDateTime } from '../../shared/catalogue/dates';

describe('dates: a login as its first 10 characters, fr-FR long dates, en-GB short dates with time', () => {
  it('admin last login shows the first 10 characters', () => {
    expect(firstTenCharacters('2026-11-21T14:05:00.000Z')).toBe('2026-11-21');
    expect(firstTenCharacters(null)).toBe('');
  });

  it('fr-FR long and en-GB short with time', () => {
    expect(formatFrenchLongDate('2026-11-21T12:00:00Z')).toBe('21 novembre 2026');
    expect(formatShortDateTime(new Date(2026, 10, 21, 14, 5))).toBe('21/11/2026, 14:05');
    expect(formatFrenchLongDate('not a date')).toBe('');
  });
});
