import { environment, httpClient } from './connection';
import { createDataProvider } from './dataProvider';

export { authProvider, environment, session } from './connection';

/** The console's data provider, over the connection the sign-in screens opened. */
export const dataProvider = createDataProvider(httpClient, environment.product);
