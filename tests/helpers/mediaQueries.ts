import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and never changes (jsdom has no matchMedia). */
export const fixedMediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** For one test, every media query answered by `matches` (restored by vi.restoreAllMocks). */
export function answerMediaQueries(matches: (query: string) => boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, matches(query)));
}
