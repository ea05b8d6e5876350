import type { RaRecord } from 'react-admin';

/** A resource the quick find searches, through its list's own search, and how one of its records reads. */
export interface QuickFindSource {
  resource: string;
  group: string;
  primary: (record: RaRecord) => string;
  secondary: (record: RaRecord) => string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ');
/** Needs have no title: their description names them, cut to a line. */
const firstLine = (value: unknown, length = 80) => {
  const line = text(value).split('\n')[0] ?? '';
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
};

/** Name, e-mail, SIRET, title: what an administrator types to reach a record. Each list's search matches them. */
export const quickFindSources: readonly QuickFindSource[] = [
  { resource: 'admin', group: 'Admins', primary: (record) => text(record.name), secondary: (record) => text(record.email) },
  { resource: 'user', group: 'Users', primary: (record) => text(record.name), secondary: (record) => joined(record.email, record.organisation_name) },
  { resource: 'company', group: 'Companies', primary: (record) => text(record.name), secondary: (record) => joined(record.siret, record.city) },
  { resource: 'offer', group: 'Offers', primary: (record) => text(record.title), secondary: (record) => text(record.organisation_name) },
  { resource: 'need', group: 'Needs', primary: (record) => firstLine(record.description), secondary: (record) => text(record.organisation_name) },
];

export const RESULTS_PER_SOURCE = 5;
