import { useCanAccessResources } from 'react-admin';

/** Which of `resources` the signed-in admin may list (authProvider.canAccess); none until the answer is in, so that nothing shows that would be refused. */
export function useListable(resources: string[]): (resource: string) => boolean {
  const { canAccess } = useCanAccessResources({ action: 'list', resources });
  return (resource) => canAccess?.[resource] === true;
}
