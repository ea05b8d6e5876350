import type { ThemeOptions } from '@mui/material';

/**
 * The look the signed-out screens share with the console, without react-admin (whose theme module the first
 * load would otherwise download): its background, secondary colour and filled inputs.
 */
export const baseThemeOptions: ThemeOptions = {
  palette: {
    background: { default: '#fafafb' },
    secondary: { light: '#6ec6ff', main: '#2196f3', dark: '#0069c0', contrastText: '#fff' },
  },
  typography: { h6: { fontWeight: 400 } },
  components: {
    MuiFilledInput: { styleOverrides: { root: { backgroundColor: 'rgba(0, 0, 0, 0.04)' } } },
  },
};
