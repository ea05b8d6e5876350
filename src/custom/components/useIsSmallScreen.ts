import { useMediaQuery } from '@mui/material';

/** Below the console theme's `sm` breakpoint, MUI's default (600 px), as `theme.breakpoints.down('sm')` writes it. */
export const SMALL_SCREEN_QUERY = '(max-width:599.95px)';

/** Below the `sm` breakpoint (a phone held upright): where react-admin's own components go compact. */
export const useIsSmallScreen = (): boolean => useMediaQuery(SMALL_SCREEN_QUERY);

export const isSmallScreen = (): boolean => window.matchMedia(SMALL_SCREEN_QUERY).matches;
