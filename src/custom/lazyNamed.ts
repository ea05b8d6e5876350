import { lazy, type ComponentType } from 'react';

/** A screen whose code can be fetched before it is shown (on hover, or when the browser is idle). */
export type PreloadableScreen = ComponentType & { preload?: () => Promise<unknown> };

/** Loaded on first use, so that /auth does not download every screen; a failed load is forgotten, so that the next attempt fetches again. */
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
