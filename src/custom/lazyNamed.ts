import { lazy, type ComponentType } from 'react';

/** A route-level component loaded on first use, so that /auth does not download every screen. */
export function lazyNamed<Module extends Record<Name, ComponentType>, Name extends keyof Module & string>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
