import { Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuthScreens, PageLoading } from './custom/auth/AuthScreens';
import { AuthNavigationProvider, isAuthScreen } from './custom/auth/authNavigation';

/** The signed-out screens' address and navigation, from the console's router (after a sign-out, or in tests). */
const RouterNavigation = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo(
    () => ({
      location: { pathname: location.pathname, search: location.search, state: location.state as unknown },
      navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void navigate(to, options),
    }),
    [location, navigate],
  );
  return <AuthNavigationProvider value={value}>{children}</AuthNavigationProvider>;
};

/** Every address inside the console's router: the signed-out screens (without react-admin), or the console. */
export const Root = ({ console: Console }: { console: ComponentType }) =>
  isAuthScreen(useLocation().pathname) ? (
    <RouterNavigation>
      <AuthScreens />
    </RouterNavigation>
  ) : (
    <Suspense fallback={<PageLoading />}>
      <Console />
    </Suspense>
  );
