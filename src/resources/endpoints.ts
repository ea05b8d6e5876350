import ViewListIcon from '@mui/icons-material/ViewList';
import { declaredEntities } from '../../shared/entities';
import { fieldResource } from '../custom/fields/fieldResource';
import { byMenuPosition, type ResourceApi, type ResourceDeclaration } from './declarations';

/** Every folder's declaration (`{folder}/index.ts`): a resource with screens of its own is its folder, nothing else to register. */
const written = Object.values(import.meta.glob<ResourceDeclaration>('./*/index.ts', { eager: true, import: 'default' }));

/** Each entity declared by its fields (shared/entities/) that no folder declares: its screens all derived. */
export const derivedResources = declaredEntities
  .filter((entity) => !written.some((resource) => resource.name === entity.name))
  .map((entity) => fieldResource(entity, { icon: ViewListIcon }));

/** The resources, in the menu's order. */
export const resources: readonly ResourceDeclaration[] = [...written, ...derivedResources].sort(byMenuPosition);

const byName = new Map(resources.map((resource) => [resource.name, resource]));

/** The resource named `name`; a name no resource declares is a programming error. */
export function resourceEndpoint(name: string): ResourceDeclaration {
  const resource = byName.get(name);
  if (!resource) throw new Error(`Unknown resource: ${name}`);
  return resource;
}

/** How the resource named `name` speaks to the API. */
export const resourceApi = (name: string): ResourceApi => resourceEndpoint(name).api;
