import { useResourceContext } from 'react-admin';
import { resources } from '../../resources';

/** The menu's name for the resource on screen ('Companies', 'Offer'): the section a record page belongs to. */
export function useSectionLabel(): string {
  const resource = useResourceContext() ?? '';
  return resources.find((declaration) => declaration.name === resource)?.menu?.label ?? resource;
}
