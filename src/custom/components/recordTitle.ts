import type { RaRecord } from 'react-admin';

/** A need's description can be a page long. */
const TITLE_MAX_LENGTH = 40;

/** One line, cut at a word to at most TITLE_MAX_LENGTH characters; '' when there is none. */
export function shortText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_MAX_LENGTH) return text;
  // The last whole word that leaves room for '…' (the character after the cut may be the space that ends it).
  const lastSpace = text.slice(0, TITLE_MAX_LENGTH).lastIndexOf(' ');
  const cut = lastSpace > TITLE_MAX_LENGTH / 2 ? text.slice(0, lastSpace) : text.slice(0, TITLE_MAX_LENGTH - 1);
  return `${cut.trimEnd()}…`;
}

/** Its name, else its title, else its email. */
export const defaultRecordName = (record: RaRecord): string => shortText(record.name) || shortText(record.title) || shortText(record.email);

/** A record page's title, 'Atelier Lumière · Companies'; only the section while the record has no name yet. */
export const recordPageTitle = (name: string, section: string): string => (name ? `${name} · ${section}` : section);
