import { describe, expect, it } from 'vitest';
import { messages, resetFromLinkError } from '../../shared/catalogue/messages';

describe('messages: the texts shown to admins are fixed, word for word', () => {
  it('keeps the exact texts', () => {
    expect(messages.empty.companies).toBe("Aucune candidature n'a été trouvé");
    expect(messages.other.cannotDeleteSelf).toBe('Admins cannot delete their own accounts.');
    expect(resetFromLinkError('INVALID_TOKEN')).toBe('Error\nINVALID_TOKEN');
  });
});
