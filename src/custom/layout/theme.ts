import type { PaletteMode, Theme } from '@mui/material';
import type { RaThemeOptions } from 'react-admin';
import { baseThemeOptions } from './baseTheme';
import { palettes } from './palette';

/** The sidebar is 12rem (192 px) wide on large screens. */
export const SIDEBAR_WIDTH_PX = 192;

/** Dense filled fields that take the row's width on a phone (react-admin's own defaults, kept). */
const fieldDefaults = { variant: 'filled' as const, margin: 'dense' as const, size: 'small' as const, fullWidth: true };
const fullWidthOnPhone = [{ props: {}, style: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { width: '100%' } }) }];

/** The shared look (baseTheme.ts) plus react-admin's parts: sidebar, current menu entry, table headers, form toolbar. */
function consoleTheme(mode: PaletteMode): RaThemeOptions {
  const base = baseThemeOptions(mode);
  const colours = palettes[mode];
  return {
    ...base,
    sidebar: { width: SIDEBAR_WIDTH_PX, closedWidth: 56 },
    components: {
      ...base.components,
      MuiTextField: { defaultProps: fieldDefaults, variants: fullWidthOnPhone },
      MuiFormControl: { defaultProps: fieldDefaults },
      MuiAutocomplete: { defaultProps: { fullWidth: true }, variants: fullWidthOnPhone },
      MuiTableCell: {
        styleOverrides: { ...base.components?.MuiTableCell?.styleOverrides, root: { '&.MuiTableCell-paddingCheckbox': { padding: '0 8px' } } },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 56 } } },
      RaMenuItemLink: {
        styleOverrides: {
          root: {
            borderRadius: '0 999px 999px 0',
            marginRight: 8,
            borderLeft: '3px solid transparent',
            '&.RaMenuItemLink-active': {
              backgroundColor: colours.menuActive.background,
              color: colours.menuActive.text,
              borderLeftColor: colours.menuActive.text,
              fontWeight: 600,
              '& .RaMenuItemLink-icon': { color: colours.menuActive.text },
            },
          },
        },
      },
      RaDatagrid: {
        styleOverrides: {
          root: { '& .RaDatagrid-headerCell': { backgroundColor: colours.tableHead.background, color: colours.tableHead.text, fontWeight: 600 } },
        },
      },
      RaToolbar: { styleOverrides: { root: { backgroundColor: colours.toolbar } } },
    },
  };
}

export const lightTheme = consoleTheme('light');
export const darkTheme = consoleTheme('dark');
