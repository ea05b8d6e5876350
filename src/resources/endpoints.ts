import { byMenuPosition, type ResourceApi, type ResourceDeclaration } from './declarations';

/** Every folder's declaration (`{folder}/index.ts`): a new resource is its folder, nothing else to register. */
const declared = import.meta.glob<ResourceDeclaration>('./*/index.ts', { eager: true, import: 'default' });

/** The resources, in the menu's order. */
export const resources: readonly ResourceDeclaration[] = Object.values(declared).sort(byMenuPosition);

const byName = new Map(resources.map((resource) => [resource.name, resource]));

/** The resource named `name`; a name no resource declares is a programming error. */
export function resourceEndpoint(name: string): ResourceDeclaration {
  const resource = byName.get(name);
  if (!resource) throw new Error(`Unknown resource: ${name}`);
  return resource;
}

/** How the resource named `name` speaks to the API. */
export const resourceApi = (name: string): ResourceApi => resourceEndpoint(name).api;
