import { ACTIONS, RESOURCES, may, type Action, type Resource } from '../../shared/catalogue/permissions';

/** react-admin's names for a record page's actions, spelled as the permission table spells them; other actions keep their names. */
const TABLE_ACTIONS = new Map<string, Action>([
  ['edit', 'update'],
  ['show', 'read'],
]);

const isResource = (name: string): name is Resource => (RESOURCES as readonly string[]).includes(name);
const isAction = (name: string): name is Action => (ACTIONS as readonly string[]).includes(name);

export interface AccessRequest {
  resource: string;
  action: string;
}

/** Whether an admin of `role` may do react-admin's `action` on `resource`; a name the table does not know, or no role, may nothing. */
export function roleCanAccess(role: unknown, { resource, action }: AccessRequest): boolean {
  const tableAction = TABLE_ACTIONS.get(action) ?? action;
  return isResource(resource) && isAction(tableAction) && may(role, resource, tableAction);
}
