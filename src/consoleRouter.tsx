import { useState, type ComponentType } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { Root } from './Root';

/**
 * The console's data router (react-admin's warning before leaving unsaved edits blocks navigations, which only a data
 * router can do), fetched apart from the sign-in screens. A session that may only enrol a second factor
 * (MFA_REQUIRED_ROLES) is sent to the Security tab by RequireSession, before any screen mounts.
 */
export default function ConsoleRouter({ console }: { console: ComponentType }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Root console={console} /> }]));
  return <RouterProvider router={router} />;
}
