import type { PaletteMode, ThemeOptions } from '@mui/material';
import { palettes } from './palette';

/** Inter where it is installed, else the system's own interface font: no web-font download. */
const FONT_STACK = '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';

const headingStyle = { fontWeight: 600, letterSpacing: '-0.01em' };

/**
 * A clear keyboard-focus outline (MUI hides the browser's); drawn inside full-width items, where no scrolling parent
 * clips it. Two-class selectors outrank MUI's `outline: 0`.
 */
function focusStyles(ring: string) {
  const outline = { outline: `2px solid ${ring}`, outlineOffset: 2 };
  return {
    '.MuiButtonBase-root.Mui-focusVisible, a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible': outline,
    '.MuiMenuItem-root.Mui-focusVisible, .MuiMenuItem-root:focus-visible, .MuiListItemButton-root.Mui-focusVisible, .MuiTab-root.Mui-focusVisible, tr:focus-visible, .MuiTableRow-root:focus-visible':
      { ...outline, outlineOffset: -2 },
    '.MuiAppBar-root .Mui-focusVisible, .MuiAppBar-root :focus-visible': { outlineColor: 'currentColor' },
  };
}

/** The signed-out screens use it as is; the console adds react-admin's parts (theme.ts). */
export function baseThemeOptions(mode: PaletteMode): ThemeOptions {
  const colours = palettes[mode];
  return {
    palette: {
      mode,
      primary: colours.primary,
      secondary: colours.secondary,
      error: colours.error,
      warning: colours.warning,
      info: colours.info,
      success: colours.success,
      background: colours.background,
      text: colours.text,
      divider: colours.divider,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: headingStyle,
      h2: headingStyle,
      h3: headingStyle,
      h4: headingStyle,
      h5: headingStyle,
      h6: { ...headingStyle, fontSize: '1.125rem' },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { fontWeight: 600, letterSpacing: '0.12em' },
    },
    components: {
      // No server rendering here: a media query answers in the first render, instead of drawing the desktop layout on
      // a phone and drawing it again a frame later (react-admin's layout, lists and toolbars ask several).
      MuiUseMediaQuery: { defaultProps: { noSsr: true } },
      MuiCssBaseline: {
        defaultProps: { enableColorScheme: true },
        styleOverrides: focusStyles(colours.focusRing),
      },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: { backgroundColor: colours.appBar.background, color: colours.appBar.text, backgroundImage: 'none' },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      // Dark mode lightens raised paper with a translucent layer: keep the paper colour the contrast was checked on.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiFilledInput: {
        styleOverrides: {
          root: {
            backgroundColor: colours.input,
            '&:hover': { backgroundColor: colours.tableHead.background },
            '&.Mui-focused': { backgroundColor: colours.input },
          },
        },
      },
      MuiTableCell: {
        styleOverrides: {
          head: { backgroundColor: colours.tableHead.background, color: colours.tableHead.text, fontWeight: 600 },
        },
      },
    },
  };
}
