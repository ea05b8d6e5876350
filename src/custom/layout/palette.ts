import type { PaletteMode } from '@mui/material';

/**
 * The product's colours, one set per mode. Every text colour is opaque and reads at WCAG AA (4.5:1) on its surfaces:
 * tests/unit/themeContrast.test.ts checks the pairs, so change one, run that test.
 */
export interface BrandPalette {
  background: { default: string; paper: string };
  text: { primary: string; secondary: string };
  /** Buttons, links, active tabs, focus: `contrastText` is the text on a filled `main` or `dark`. */
  primary: { light: string; main: string; dark: string; contrastText: string };
  /** The accent (the credit unit, secondary buttons). */
  secondary: { light: string; main: string; dark: string; contrastText: string };
  error: { main: string; contrastText: string };
  warning: { main: string; contrastText: string };
  info: { main: string; contrastText: string };
  success: { main: string; contrastText: string };
  appBar: { background: string; text: string };
  menuActive: { background: string; text: string };
  tableHead: { background: string; text: string };
  toolbar: string;
  /** Filled text fields: tinted, never greyed out like a disabled one. */
  input: string;
  divider: string;
  /** The outline of the focused control (≥ 3:1 on every surface above). */
  focusRing: string;
}

export const palettes: Record<PaletteMode, BrandPalette> = {
  light: {
    background: { default: '#F4F6F8', paper: '#FFFFFF' },
    text: { primary: '#17212B', secondary: '#4D5B66' },
    primary: { light: '#3E9B9B', main: '#0F6E6E', dark: '#0A5252', contrastText: '#FFFFFF' },
    secondary: { light: '#C8723C', main: '#A24A12', dark: '#7A360A', contrastText: '#FFFFFF' },
    error: { main: '#B42318', contrastText: '#FFFFFF' },
    warning: { main: '#9A5B00', contrastText: '#FFFFFF' },
    info: { main: '#1F5F99', contrastText: '#FFFFFF' },
    success: { main: '#1E7A3E', contrastText: '#FFFFFF' },
    appBar: { background: '#12303A', text: '#FFFFFF' },
    menuActive: { background: '#DCEDEC', text: '#0A5252' },
    tableHead: { background: '#EEF2F4', text: '#2C3A44' },
    toolbar: '#E9EEF0',
    input: '#EEF1F3',
    divider: '#D5DDE2',
    focusRing: '#0F6E6E',
  },
  dark: {
    background: { default: '#0E1519', paper: '#162127' },
    text: { primary: '#E7EEF1', secondary: '#A9B8C0' },
    primary: { light: '#8EDDD8', main: '#62C9C3', dark: '#3FA8A2', contrastText: '#0E1519' },
    secondary: { light: '#F6BE9C', main: '#F0A070', dark: '#D9824E', contrastText: '#0E1519' },
    error: { main: '#F28B82', contrastText: '#0E1519' },
    warning: { main: '#F3C266', contrastText: '#0E1519' },
    info: { main: '#8AB8F0', contrastText: '#0E1519' },
    success: { main: '#7BD88F', contrastText: '#0E1519' },
    appBar: { background: '#132A33', text: '#E7EEF1' },
    menuActive: { background: '#1B3A3D', text: '#8EDDD8' },
    tableHead: { background: '#1C2A31', text: '#D2DDE2' },
    toolbar: '#1F2D34',
    input: '#1F2C33',
    divider: '#2C3B43',
    focusRing: '#8EDDD8',
  },
};
