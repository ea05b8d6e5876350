import { useState, type ComponentType } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ENROL_PATH } from './custom/auth/useEnterConsole';
import { isAuthScreen } from './custom/auth/authNavigation';
import { authProvider } from './providers/connection';
import { Root } from './Root';

/**
 * The console's data router (react-admin's warning before leaving unsaved edits blocks navigations, which only a data
 * router can do), fetched apart from the sign-in screens. A session that may only enrol a second factor
 * (MFA_REQUIRED_ROLES) opens on the Security tab, wherever the page was, before any screen asks for what it may not read.
 */
export default function ConsoleRouter({ console }: { console: ComponentType }) {
  const [router] = useState(() => {
    const created = createBrowserRouter([{ path: '*', element: <Root console={console} /> }]);
    if (!isAuthScreen(window.location.pathname))
      void authProvider.checkAuth({}).then(
        () => (authProvider.mustEnrol() ? void created.navigate(ENROL_PATH, { replace: true }) : undefined),
        () => undefined,
      );
    return created;
  });
  return <RouterProvider router={router} />;
}
