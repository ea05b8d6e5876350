import { describe, expect, it } from 'vitest';
import { dayText, maskDay, typedDay } from '../../src/custom/components/DayInput';
import { bulkDeleteConfirmText, deleteConfirmText, deleteConsequences } from '../../src/custom/components/deleteConsequences';

describe('a day typed dd/mm/yyyy', () => {
  it('gets its slashes as it is typed, and loses them as it is erased', () => {
    expect(maskDay('0')).toBe('0');
    expect(maskDay('01')).toBe('01');
    expect(maskDay('011')).toBe('01/1');
    expect(maskDay('01112026')).toBe('01/11/2026');
    expect(maskDay('01/11/2026999')).toBe('01/11/2026');
    expect(maskDay('01/1')).toBe('01/1');
    expect(maskDay('ab')).toBe('');
  });

  it('is a day once whole and real, dd/mm/yyyy or yyyy-mm-dd pasted', () => {
    expect(typedDay('21/11/2026')).toBe('2026-11-21');
    expect(typedDay('2026-11-21')).toBe('2026-11-21');
    expect(typedDay('29/02/2028')).toBe('2028-02-29');
    expect(typedDay('31/02/2026')).toBeUndefined();
    expect(typedDay('13/13/2026')).toBeUndefined();
    expect(typedDay('21/11/202')).toBeUndefined();
    expect(typedDay('11/21/2026')).toBeUndefined();
  });

  it('shows a stored day or instant of the local clock as dd/mm/yyyy', () => {
    expect(dayText('2026-03-05')).toBe('05/03/2026');
    expect(dayText(new Date(2026, 2, 5, 23, 59, 59, 999).toISOString())).toBe('05/03/2026');
    expect(dayText('')).toBe('');
    expect(dayText(undefined)).toBe('');
    expect(dayText('not a date')).toBe('');
  });
});

describe('what a deletion does', () => {
  it('a company: refused while anything belongs to it, its comments going, its balance closed', () => {
    expect(deleteConsequences('company')).toBe(
      'It cannot be deleted while users, offers, needs or rooms still belong to it. Its comments are deleted with it. A balance left is closed by a ledger entry. This cannot be undone.',
    );
  });

  it('a record nothing refuses or follows: it cannot be undone', () => {
    expect(deleteConsequences('need')).toBe('This cannot be undone.');
    expect(deleteConfirmText('need', 'Recherche un traiteur')).toBe('“Recherche un traiteur” will be deleted. This cannot be undone.');
    expect(deleteConfirmText('need', '')).toBe('This record will be deleted. This cannot be undone.');
  });

  it('a selection names up to three', () => {
    expect(bulkDeleteConfirmText('offer', ['A'])).toBe('“A” will be deleted. This cannot be undone.');
    expect(bulkDeleteConfirmText('offer', ['A', 'B'])).toBe('“A” and “B” will be deleted. This cannot be undone.');
    expect(bulkDeleteConfirmText('offer', ['A', 'B', 'C', 'D'])).toBe('“A”, “B”, “C” and 1 more will be deleted. This cannot be undone.');
  });
});
