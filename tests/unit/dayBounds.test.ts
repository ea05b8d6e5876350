import { describe, expect, it } from 'vitest';
import { endOfDay, startOfDay } from '../../src/custom/audit/dayBounds';

describe('audit trail', () => {
  it('bounds a day of the local clock, both ends included', () => {
    expect(new Date(startOfDay('2026-11-21')).getTime()).toBe(new Date(2026, 10, 21).getTime());
    expect(new Date(endOfDay('2026-11-21')).getTime()).toBe(new Date(2026, 10, 22).getTime() - 1);
    expect(startOfDay('')).toBe('');
    expect(endOfDay('nonsense')).toBe('');
  });
});
