import type { PaletteMode, ThemeOptions } from '@mui/material';
import { palettes } from './palette';

/** The system's own interface font: no web-font download, crisp on every platform. */
const FONT_STACK = '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';

const headingStyle = { fontWeight: 600, letterSpacing: '-0.01em' };

/**
 * A clear outline on whatever the keyboard focuses (MUI hides the browser's own and shows a faint ripple).
 * Full-width items (menu entries, table rows, tabs) draw it inside, where no scrolling parent clips it;
 * on the top bar it takes the bar's text colour. Global selectors of two classes outrank MUI's `outline: 0`.
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

/**
 * The product's look without react-admin: palette, type, shape and the overrides of MUI's own components.
 * The signed-out screens use it as is; the console adds react-admin's parts on top (theme.ts).
 */
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
