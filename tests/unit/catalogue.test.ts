import { describe, expect, it } from 'vitest';
import { firstTenCharacters, formatFrenchLongDate, formatShortDateTime } from '../../shared/catalogue/dates';
import { messages, resetFromLinkError } from '../../shared/catalogue/messages';
import { PAGE_SIZE, offsetForPage, totalPages } from '../../shared/catalogue/pagination';
import { isAcceptablePassword } from '../../shared/catalogue/passwords';
import { balanceField, formatBalance, logoFolder } from '../../shared/catalogue/product';

describe('pagination constants (spec §9)', () => {
  it('10 a page, offset (page-1)*10', () => {
    expect(PAGE_SIZE).toBe(10);
    expect([1, 2, 3, 500].map((page) => offsetForPage(page))).toEqual([0, 10, 20, 4990]);
    expect(offsetForPage(0)).toBe(0);
  });

  it('total pages round up and never fall below 1', () => {
    expect([0, 1, 10, 11, 25].map((total) => totalPages(total))).toEqual([1, 1, 1, 2, 3]);
  });
});

describe('product constants (decisions.md)', () => {
  it('balance field, logo folder, and +N only when positive', () => {
    expect(balanceField()).toBe('credit_balance');
    expect(logoFolder()).toBe('/credit');
    expect(formatBalance(250)).toBe('+250 credit');
    expect(formatBalance(0)).toBe('0 credit');
    expect(formatBalance(-40)).toBe('-40 credit');
    expect(formatBalance(5, 'token')).toBe('+5 token');
  });
});

describe('dates (spec §9)', () => {
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

describe('password rule (spec §5 hint)', () => {
  it('at least 6 characters with at least one letter', () => {
    expect(isAcceptablePassword('abc123')).toBe(true);
    expect(isAcceptablePassword('éééééé')).toBe(true);
    expect(isAcceptablePassword('abc12')).toBe(false);
    expect(isAcceptablePassword('1234567')).toBe(false);
  });
});

describe('messages (spec §8)', () => {
  it('keeps the exact texts', () => {
    expect(messages.empty.companies).toBe("Aucune candidature n'a été trouvé");
    expect(messages.other.cannotDeleteSelf).toBe('Admins cannot delete their own accounts.');
    expect(resetFromLinkError('INVALID_TOKEN')).toBe('Error\nINVALID_TOKEN');
  });
});
