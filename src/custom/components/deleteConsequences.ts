import { declaredEntities, refusingLinksTo } from '../../../shared/entities';
import type { FieldDeclaration } from '../../../shared/entities/fields';

const listed = (parts: readonly string[], last: 'and' | 'or'): string =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${last} ${parts[parts.length - 1] ?? ''}` : (parts[0] ?? '');

/** The declared entities whose records go with a deleted `resource` record (a link declared `cascade`). */
const cascadingTo = (resource: string): string[] =>
  declaredEntities.flatMap((entity) =>
    Object.values<FieldDeclaration>(entity.fields).some((field) => field.type === 'reference' && field.to === resource && field.onDelete === 'cascade')
      ? [entity.plural.toLowerCase()]
      : [],
  );

/**
 * What deleting a record of `resource` does to what hangs on it, as the server does it: a company is refused while
 * users, the declared links (offers, needs) or rooms belong to it (server/lib/companyDependents.ts), its comments go with
 * it and its balance is closed in the ledger; any resource is refused while a link declared `refuse` points at it.
 */
export function deleteConsequences(resource: string, many = false): string {
  const company = resource === 'company';
  const refusing = [
    ...(company ? ['users'] : []),
    ...refusingLinksTo(resource).map(({ entity }) => entity.plural.toLowerCase()),
    ...(company ? ['rooms'] : []),
  ];
  const going = [...(company ? ['comments'] : []), ...cascadingTo(resource)];
  return [
    refusing.length === 0
      ? ''
      : many
        ? `Those that ${listed(refusing, 'or')} still belong to are refused.`
        : `It cannot be deleted while ${listed(refusing, 'or')} still belong to it.`,
    going.length === 0 ? '' : many ? `Their ${listed(going, 'and')} are deleted with them.` : `Its ${listed(going, 'and')} are deleted with it.`,
    company ? 'A balance left is closed by a ledger entry.' : '',
    'This cannot be undone.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** One record's confirmation: '"Atelier Lumière" will be deleted.' and what happens to what hangs on it. */
export const deleteConfirmText = (resource: string, name: string): string =>
  `${name ? `“${name}”` : 'This record'} will be deleted. ${deleteConsequences(resource)}`;

/** The selection's confirmation: its first names ('“A”, “B”, “C” and 2 more will be deleted.'), then the consequences. */
export function bulkDeleteConfirmText(resource: string, names: readonly string[]): string {
  const shown = names.slice(0, 3).map((name) => `“${name}”`);
  const more = names.length - shown.length;
  const who = more > 0 ? `${shown.join(', ')} and ${more} more` : listed(shown, 'and');
  return `${who || 'The selection'} will be deleted. ${deleteConsequences(resource, names.length > 1)}`;
}
