import { environment, httpClient } from './connection';
import { createDataProvider } from './dataProvider';

export { activity, authProvider, environment, session, stepUp } from './connection';

export const dataProvider = createDataProvider(httpClient, environment.product);
