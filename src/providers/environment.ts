import { DEFAULT_CREDIT_UNIT } from '../../shared/catalogue/product';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../shared/catalogue/uploads';

/** The environment is told by the address the console is served from. */
export type EnvironmentName = 'development' | 'staging' | 'production';

export interface Environment {
  name: EnvironmentName;
  apiUrl: string;
  /** The front-end marketplace app (its connect route serves 'Login as'). */
  appUrl: string;
  /** The credit unit, e.g. `credit` (field `credit_balance`). */
  product: string;
  analyticsUrl?: string;
  /** The company registry: `{registryUrl}/recherche?q=&api_token={registryToken}`. */
  registryUrl: string;
  registryToken: string;
  /** Larger files are refused before they are read. */
  uploadMaxBytes: number;
}

/** The README's configuration table lists them. */
export interface EnvironmentVariables {
  VITE_API_URL?: string;
  VITE_API_URL_STAGING?: string;
  VITE_API_URL_PRODUCTION?: string;
  VITE_APP_URL?: string;
  VITE_APP_URL_STAGING?: string;
  VITE_APP_URL_PRODUCTION?: string;
  VITE_PRODUCT?: string;
  VITE_ANALYTICS_URL?: string;
  VITE_REGISTRY_URL?: string;
  VITE_REGISTRY_TOKEN?: string;
  VITE_UPLOAD_MAX_BYTES?: string;
  DEV?: boolean;
}

/** The contract server's registry stand-in answers this token (server `REGISTRY_TOKEN`). */
const STAND_IN_REGISTRY_TOKEN = 'demo-registry-token';

const DEVELOPMENT_API_PORT = 3000;
const DEVELOPMENT_APP_PORT = 8081;
const API_PATH = '/api';

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);
/** Colons (hex groups, maybe an IPv4 tail), bracketed as browsers give it, or bare. */
const IPV6 = /^(\[[0-9a-f:.]*:[0-9a-f:.]*\]|[0-9a-f:.]*:[0-9a-f:.]*)$/i;

/** A name made only of hex letters (`cafe`) is not one. */
export const isIpAddress = (hostname: string): boolean => IPV4.test(hostname) || IPV6.test(hostname);

export function detectEnvironment(hostname: string): EnvironmentName {
  if (hostname.includes('app-staging')) return 'staging';
  if (hostname === 'localhost' || isIpAddress(hostname)) return 'development';
  return 'production';
}

type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'origin'>;

const absolute = (url: string, origin: string): string => new URL(url, origin).toString().replace(/\/$/, '');
const blankToUndefined = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);
const positiveIntegerOr = (value: string | undefined, fallback: number): number => {
  const parsed = Number(blankToUndefined(value));
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export function resolveEnvironment(location: PageLocation, variables: EnvironmentVariables): Environment {
  const name = detectEnvironment(location.hostname);
  const developmentHost = (port: number) => `${location.protocol}//${location.hostname}:${port}`;
  const byEnvironment: Record<EnvironmentName, { api?: string; app?: string }> = {
    development: { api: `${developmentHost(DEVELOPMENT_API_PORT)}${API_PATH}`, app: developmentHost(DEVELOPMENT_APP_PORT) },
    staging: { api: blankToUndefined(variables.VITE_API_URL_STAGING), app: blankToUndefined(variables.VITE_APP_URL_STAGING) },
    production: { api: blankToUndefined(variables.VITE_API_URL_PRODUCTION), app: blankToUndefined(variables.VITE_APP_URL_PRODUCTION) },
  };
  // Under Vite's dev server the API is its same-origin `/api` proxy; built bundles choose by host.
  const apiUrl = blankToUndefined(variables.VITE_API_URL) ?? (variables.DEV ? API_PATH : byEnvironment[name].api) ?? API_PATH;
  const appUrl = blankToUndefined(variables.VITE_APP_URL) ?? byEnvironment[name].app ?? location.origin;
  const resolvedApiUrl = absolute(apiUrl, location.origin);
  return {
    name,
    apiUrl: resolvedApiUrl,
    appUrl: absolute(appUrl, location.origin),
    product: blankToUndefined(variables.VITE_PRODUCT) ?? DEFAULT_CREDIT_UNIT,
    analyticsUrl: blankToUndefined(variables.VITE_ANALYTICS_URL),
    registryUrl: absolute(blankToUndefined(variables.VITE_REGISTRY_URL) ?? `${resolvedApiUrl}/registry`, location.origin),
    registryToken: blankToUndefined(variables.VITE_REGISTRY_TOKEN) ?? STAND_IN_REGISTRY_TOKEN,
    uploadMaxBytes: positiveIntegerOr(variables.VITE_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
  };
}
