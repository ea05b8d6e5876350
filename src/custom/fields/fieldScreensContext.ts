import { createContext, useContext } from 'react';
import type { PreloadableScreen } from '../lazyNamed';
import type { ListCell } from './fieldColumns';
import type { FieldEntity } from './fieldEntity';

/** What a derived screen reads of its resource: the fields, the texts the spec gives it, its read view. */
export interface FieldScreensConfig {
  entity: FieldEntity;
  /** The list's title and the record pages' section: the menu's label. */
  title: string;
  /** The create dialog's toast. */
  created: string;
  /** The list's own empty-result text, when the spec gives one. */
  empty?: string;
  /** The read view (derived or overridden): the record page shows it to an admin who may not update the record. */
  show: PreloadableScreen;
  /** The derived list's cells written by hand, by field. */
  cells?: Readonly<Record<string, ListCell>>;
}

/**
 * The screens are lazy components without props (react-admin's `<Resource>` renders them bare): fieldResource gives
 * each its declaration through this context, so that one module of screens serves every declared entity.
 */
export const FieldScreensContext = createContext<FieldScreensConfig | undefined>(undefined);

export function useFieldScreens(): FieldScreensConfig {
  const config = useContext(FieldScreensContext);
  if (!config) throw new Error('A derived screen renders inside its fieldResource (FieldScreensContext)');
  return config;
}
