import { createActivityClock } from './activity';
import { createAuthProvider } from './authProvider';
import { resolveEnvironment, type EnvironmentVariables } from './environment';
import { createHttpClient } from './httpClient';
import { createPasswordCalls } from './passwordCalls';
import { createSessionStore } from './session';
import { createStepUpPrompt } from './stepUp';

/** What the signed-out screens need, wired once for the page that is running; the console adds its data provider (index.ts). */
export const environment = resolveEnvironment(window.location, import.meta.env as EnvironmentVariables);
export const session = createSessionStore();
export const activity = createActivityClock();
/** Answered by the layout's StepUpDialog. */
export const stepUp = createStepUpPrompt();
export const httpClient = createHttpClient({ baseUrl: environment.apiUrl, token: session.token, onSignedInCall: activity.note, askForProof: stepUp.ask });
export const authProvider = createAuthProvider(httpClient, session);
export const passwordCalls = createPasswordCalls(httpClient);
