import { Link, type LinkProps } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { AUTH_PATHS } from './paths';

/**
 * The signed-out screens' own address and navigation. A first load on /auth runs them without react-router (the
 * console's data router, about a fifth of the sign-in page's JavaScript); inside the console's router (after a sign-out)
 * the router gives them the same two things.
 */
export interface AuthLocation {
  pathname: string;
  search: string;
  /** What the screen before handed over (the reset screen's second step), as react-router's location state. */
  state: unknown;
}

export type AuthNavigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

interface AuthNavigation {
  location: AuthLocation;
  navigate: AuthNavigate;
}

const NavigationContext = createContext<AuthNavigation | null>(null);
export const AuthNavigationProvider = NavigationContext.Provider;

export function useAuthNavigation(): AuthNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useAuthNavigation outside an auth navigation');
  return navigation;
}

const AUTH_SCREENS = new Set<string>(AUTH_PATHS);

/** The addresses of the signed-out screens; every other one is the console's. */
export const isAuthScreen = (pathname: string): boolean => AUTH_SCREENS.has(pathname.replace(/\/+$/, '') || '/');

/** A link between the signed-out screens: a plain link that navigates in the page, and opens a new tab as any link does. */
export const AuthLink = ({ to, ...props }: Omit<LinkProps, 'href' | 'onClick'> & { to: string }) => {
  const { navigate } = useAuthNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Link href={to} onClick={onClick} {...props} />;
};

/** react-router's own shape of `history.state`, so that the console's router reads the entries this one wrote. */
interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

const readLocation = (): AuthLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  state: (window.history.state as HistoryState | null)?.usr ?? null,
});

/**
 * The navigation of a page that opened on a signed-out screen, over the browser's history. An address outside those
 * screens (the console, once signed in) is written to the history, then `onLeave` mounts the console's router on it.
 */
export const HistoryNavigation = ({ onLeave, children }: { onLeave: () => void; children: ReactNode }) => {
  const [location, setLocation] = useState(readLocation);
  const follow = useCallback(() => (isAuthScreen(window.location.pathname) ? setLocation(readLocation()) : onLeave()), [onLeave]);
  useEffect(() => {
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [follow]);
  const navigate = useCallback<AuthNavigate>(
    (to, { replace = false, state = null } = {}) => {
      const index = (window.history.state as HistoryState | null)?.idx ?? 0;
      const entry: HistoryState = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: replace ? index : index + 1 };
      if (replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      follow();
    },
    [follow],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <AuthNavigationProvider value={value}>{children}</AuthNavigationProvider>;
};
