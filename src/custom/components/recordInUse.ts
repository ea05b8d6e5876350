import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { declaredEntities } from '../../../shared/entities';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A kind of the counts (a declared entity's plural, `contracts`) as one or several of it. */
function counted(kind: string, total: number): string {
  const entity = declaredEntities.find((one) => one.plural.toLowerCase() === kind);
  return `${total} ${total === 1 ? (entity?.label.toLowerCase() ?? kind) : kind}`;
}

/** "This user is still linked to 2 contracts and 1 task. Move or delete them first." */
export function recordInUseMessage(resource: string, counts: Record<string, number>): string {
  const what = declaredEntities.find((one) => one.name === resource)?.label.toLowerCase() ?? 'record';
  const parts = Object.entries(counts)
    .filter(([, total]) => total > 0)
    .map(([kind, total]) => counted(kind, total));
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
  return `This ${what} is still linked to ${listed}. Move or delete them first.`;
}

/** A refused delete whose body is RECORD_IN_USE (server/lib/refusingLinks.ts) becomes the explanation; any other failure, undefined. */
export function explainRecordInUse(resource: string, error: unknown): string | undefined {
  const body: unknown = isObject(error) ? error.body : undefined;
  if (!isObject(body) || body.code !== ErrorCode.RECORD_IN_USE || !isObject(body.counts)) return undefined;
  const counts = Object.fromEntries(Object.entries(body.counts).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  return recordInUseMessage(resource, counts);
}
