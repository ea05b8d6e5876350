import { lazy, type ComponentType } from 'react';
import { messages } from '../../../shared/catalogue/messages';
import { defineResource, readOnlyErrors, type ResourceApi, type ResourceDeclaration } from '../../resources/declarations';
import { lazyNamed, type PreloadableScreen } from '../lazyNamed';
import { loadCreateInputs } from './createInputsLoader';
import { FieldScreensContext, type FieldScreensConfig } from './fieldScreensContext';
import { shownKey } from './shownKey';
import type { FieldEntity } from './fieldEntity';

/** The screens of a declared entity; each may be replaced by one written by hand. */
export interface FieldScreens {
  list: PreloadableScreen;
  edit: PreloadableScreen;
  /** The read view, also the record page of an admin who may not update the record. */
  show: PreloadableScreen;
  /** The create dialog's inputs, fetched ahead when idle; a hand-written list brings its own create button. */
  createForm: Pick<PreloadableScreen, 'preload'>;
}

export interface FieldResourceOptions {
  icon: ComponentType;
  /** Its place in the menu, when the declaration does not give it (`position`). */
  position?: number;
  /** The menu's text, the list's title and the record pages' section: the entity's plural unless the spec names it otherwise. */
  menuLabel?: string;
  /** The failure texts the spec gives the entity; any other failure says 'Error!' unless the server gives a code. */
  errors?: Partial<ResourceApi['errors']>;
  /** The create dialog's toast: 'Success!' unless the spec gives one. */
  created?: string;
  /** The list's empty-result text, when the spec gives one. */
  empty?: string;
  /** `false` when the server declares no export: the list then shows no Export button. */
  exports?: false;
  /** Hand-written screens in place of the derived ones (lazy too); they read the declaration with `useFieldScreens()`. */
  screens?: Partial<FieldScreens>;
  /** A field's cell in the derived list, written by hand (it loads with the menu: keep it small, or lazy). */
  cells?: FieldScreensConfig['cells'];
}

/** The screen inside its declaration's context, still fetched on first use or ahead (its `preload`). */
function withFields(Screen: PreloadableScreen, config: FieldScreensConfig): PreloadableScreen {
  const Provided = () => (
    <FieldScreensContext.Provider value={config}>
      <Screen />
    </FieldScreensContext.Provider>
  );
  const preload = async () => void (await Screen.preload?.());
  // Lazy itself, as every declared screen is (tests/unit/codeSplitting.test.ts): nothing renders before its code is in.
  return Object.assign(
    lazy(async () => {
      await preload();
      return { default: Provided };
    }),
    { preload },
  );
}

/**
 * A console resource from its fields' declaration: its endpoint (`/{name}`, sorted, opening in `defaultSort`), its menu
 * entry, and its default list, create dialog, record page and read view, each loaded on first use (the field
 * components stay out of the first chunk) and each replaceable by a hand-written one.
 */
export function fieldResource(entity: FieldEntity, options: FieldResourceOptions): ResourceDeclaration {
  const position = options.position ?? entity.position;
  if (position === undefined) throw new Error(`${entity.name}: a menu position, in the declaration or the options`);
  const { icon, menuLabel = entity.plural, errors, created = messages.success.success, empty, exports, screens = {}, cells } = options;
  const config: FieldScreensConfig = {
    entity,
    title: menuLabel,
    created,
    empty,
    cells,
    show: screens.show ?? lazyNamed(() => import('./DerivedShow'), 'DerivedShow'),
  };
  const representation = entity.fields[entity.recordRepresentation];
  return defineResource({
    name: entity.name,
    api: { path: `/${entity.name}`, errors: { ...readOnlyErrors, ...errors }, sortable: true, ...(exports === false ? { exports } : {}) },
    listOpening: { sort: entity.defaultSort },
    menu: { label: menuLabel, icon, position },
    list: withFields(screens.list ?? lazyNamed(() => import('./DerivedList'), 'DerivedList'), config),
    edit: withFields(screens.edit ?? lazyNamed(() => import('./DerivedEdit'), 'DerivedEdit'), config),
    show: withFields(config.show, config),
    createForm: screens.createForm ?? (screens.list ? undefined : { preload: loadCreateInputs }),
    recordRepresentation: representation ? shownKey(entity.recordRepresentation, representation) : entity.recordRepresentation,
  });
}
