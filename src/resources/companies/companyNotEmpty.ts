import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { refusingLinksTo } from '../../../shared/entities';

/** What still hangs on a company that may not be deleted (the 409 COMPANY_NOT_EMPTY answer's `counts`), by kind. */
export type CompanyContents = Record<string, number>;

/** Users, each declared entity whose link refuses the deletion (shared/entities/: offers, needs), and rooms. */
const NOUNS: Array<[key: string, one: string, many: string]> = [
  ['users', 'user', 'users'],
  ...refusingLinksTo('company').map(({ entity }): [string, string, string] => [
    entity.plural.toLowerCase(),
    entity.label.toLowerCase(),
    entity.plural.toLowerCase(),
  ]),
  ['rooms', 'room', 'rooms'],
];

/** The kinds the message names even at 0 (docs/decisions: users, offers, needs, rooms); a newer kind is named when some are left. */
const ALWAYS_NAMED = ['users', 'offers', 'needs', 'rooms'];

/** "This company still has 2 users, 1 offer, 0 needs and 0 rooms. Move or delete them first." */
export function companyNotEmptyMessage(contents: CompanyContents): string {
  const parts = NOUNS.filter(([key]) => ALWAYS_NAMED.includes(key) || (contents[key] ?? 0) > 0).map(
    ([key, one, many]) => `${contents[key] ?? 0} ${contents[key] === 1 ? one : many}`,
  );
  return `This company still has ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}. Move or delete them first.`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A refused delete whose body is COMPANY_NOT_EMPTY becomes the explanation; any other failure, undefined. */
export function explainCompanyNotEmpty(error: unknown): string | undefined {
  const body: unknown = isObject(error) ? error.body : undefined;
  if (!isObject(body) || body.code !== ErrorCode.COMPANY_NOT_EMPTY || !isObject(body.counts)) return undefined;
  const { counts } = body;
  const count = (key: string): number => (typeof counts[key] === 'number' ? counts[key] : 0);
  return companyNotEmptyMessage(Object.fromEntries(NOUNS.map(([key]) => [key, count(key)])));
}
