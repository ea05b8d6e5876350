import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { resolveEnvironment, type EnvironmentVariables } from './environment';
import { createHttpClient } from './httpClient';
import { createSessionStore } from './session';

/** The console's providers, wired once for the page that is running. */
export const environment = resolveEnvironment(window.location, import.meta.env as EnvironmentVariables);
export const session = createSessionStore();
export const httpClient = createHttpClient({ baseUrl: environment.apiUrl, token: session.token });
export const dataProvider = createDataProvider(httpClient, environment.product);
export const authProvider = createAuthProvider(httpClient, session);
