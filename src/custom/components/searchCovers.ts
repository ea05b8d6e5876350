import { declaredEntities } from '../../../shared/entities';
import { companyFields } from '../../../shared/entities/companies';
import { fieldsIn, type FieldDeclaration } from '../../../shared/entities/fields';

/** The lists whose search no declaration describes: what their server matches (server/routes/rooms.ts). */
const BY_HAND: Readonly<Record<string, readonly string[]>> = { message: ['Offer title', 'seller', 'buyer'] };

/**
 * What a list's text search matches, in words for its search box ("Name, email or organisation"): the declared
 * entity's `searched` fields (shared/entities/), so the box says what the server's search reads.
 */
export function searchCovers(resource: string | undefined): string | undefined {
  const entity = [...declaredEntities, companyFields].find((one) => one.name === resource);
  const labels = entity ? fieldsIn(entity, 'searched').map((name) => (entity.fields[name] as FieldDeclaration).label) : BY_HAND[resource ?? ''];
  if (!labels?.length) return undefined;
  const words = labels.map((label, index) => (index === 0 ? label : label.toLowerCase()));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];
}
