import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../src/custom/components/DocumentTitle';
import { defaultRecordName, recordPageTitle, shortText } from '../../src/custom/components/recordTitle';

describe('record page titles', () => {
  it("read 'name · section', the section alone while there is no name", () => {
    expect(recordPageTitle('Atelier Lumière', 'Companies')).toBe('Atelier Lumière · Companies');
    expect(recordPageTitle('', 'Companies')).toBe('Companies');
  });

  it('name a record by its name, else its title, else its email', () => {
    expect(defaultRecordName({ id: 1, name: 'Atelier Lumière', email: 'a@example.com' })).toBe('Atelier Lumière');
    expect(defaultRecordName({ id: 1, title: 'Coaching' })).toBe('Coaching');
    expect(defaultRecordName({ id: 1, name: '  ', email: 'nina@example.com' })).toBe('nina@example.com');
    expect(defaultRecordName({ id: 1 })).toBe('');
  });

  it('cut a long text at a word, on one line, to at most 40 characters', () => {
    const cut = shortText('Refaire entièrement la toiture\nde notre entrepôt de Vénissieux avant l’hiver');
    expect(cut).toBe('Refaire entièrement la toiture de notre…');
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(shortText('x'.repeat(60))).toBe(`${'x'.repeat(39)}…`);
    expect(shortText('  Court  ')).toBe('Court');
    expect(shortText(undefined)).toBe('');
  });

  it("end the browser tab's title with the product's name", () => {
    expect(documentTitle('Atelier Lumière · Companies')).toBe('Atelier Lumière · Companies — Admin Platform');
    expect(documentTitle('')).toBe('Admin Platform');
  });
});
