import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../shared/catalogue/relativeTime';

describe('relativeTime: seconds, minutes, hours and days, then months from 30 days and years from 365', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    [5, '5 seconds ago'],
    [1, '1 second ago'],
    [90, '1 minute ago'],
    [2 * 3600, '2 hours ago'],
    [3 * 86_400, '3 days ago'],
    [29 * 86_400, '29 days ago'],
    [30 * 86_400, '1 month ago'],
    [364 * 86_400, '12 months ago'],
    [365 * 86_400, '1 year ago'],
    [800 * 86_400, '2 years ago'],
  ])('%i seconds → %s', (seconds, expected) => {
    expect(relativeTime(ago(seconds), now)).toBe(expected);
  });
  it('says just now for the present or a future date', () => {
    expect(relativeTime(now, now)).toBe('just now');
    expect(relativeTime(ago(-60), now)).toBe('just now');
  });
});
