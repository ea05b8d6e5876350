import { describe, expect, it } from 'vitest';
import { groupByDay } from '../../src/custom/chat/groupByDay';

describe('groupByDay: chat messages grouped by local day', () => {
  it('groups consecutive messages of one local day, in order', () => {
    const messages = [
      { id: 1, created_at: new Date(2026, 10, 20, 9, 0).toISOString() },
      { id: 2, created_at: new Date(2026, 10, 20, 23, 59).toISOString() },
      { id: 3, created_at: new Date(2026, 10, 21, 0, 1).toISOString() },
    ];
    const groups = groupByDay(messages);
    expect(groups.map((group) => [group.day, group.messages.map((message) => message.id)])).toEqual([
      ['2026-11-20', [1, 2]],
      ['2026-11-21', [3]],
    ]);
    expect(groups[0]?.label).toMatch(/^Friday,? 20 November 2026$/);
  });

  it('answers nothing for no messages', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
