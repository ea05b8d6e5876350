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

  it("writes the fr-FR long date as Intl does, in the browser's time zone, over years of dates", () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let day = 0; day < 3 * 366; day += 1) {
      const date = new Date(2024, 0, 1 + day, (day * 7) % 24, (day * 13) % 60);
      expect(formatFrenchLongDate(date)).toBe(intl.format(date));
      expect(formatFrenchLongDate(date.toISOString())).toBe(intl.format(date));
    }
  });
});
