import { lazy, type ComponentType } from 'react';

/** A screen whose code can be fetched before it is shown (on hover, or when the browser is idle). */
export type PreloadableScreen = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A route-level component loaded on first use, so that /auth does not download every screen; `preload`
 * fetches it ahead of a click. A failed load is forgotten, so that the next attempt fetches again.
 */
export function lazyNamed<Module extends Record<Name, ComponentType>, Name extends keyof Module & string>(load: () => Promise<Module>, name: Name) {
  let loading: Promise<Module> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await loadOnce())[name] })),
    { preload: loadOnce },
  );
}
