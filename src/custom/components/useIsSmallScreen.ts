import { useMediaQuery, type Theme } from '@mui/material';

/** Below the theme's `sm` breakpoint (a phone held upright): where react-admin's own components go compact. */
export const useIsSmallScreen = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
