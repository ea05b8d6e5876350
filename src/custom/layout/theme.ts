import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The sidebar is 12rem (192 px) wide on large screens. */
export const SIDEBAR_WIDTH_PX = 192;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  sidebar: { width: SIDEBAR_WIDTH_PX, closedWidth: 56 },
};
