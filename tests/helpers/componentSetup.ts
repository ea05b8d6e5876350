import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fixedMediaQueryList } from './mediaQueries';

afterEach(() => cleanup());

// MUI's useMediaQuery asks matchMedia, which jsdom lacks: answer "large screen".
if (!window.matchMedia) window.matchMedia = (query: string) => fixedMediaQueryList(query, query.includes('min-width'));

// react-admin scrolls to the top on navigation; jsdom does not implement it.
window.scrollTo = () => undefined;

// The first render of a lazy route compiles its module: give async queries room on a slow machine (a busy CI machine took over 5 s).
configure({ asyncUtilTimeout: 10_000 });
