import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CREDIT_UNIT, PRODUCT_NAME } from '../shared/catalogue/product';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../shared/catalogue/uploads';
import { CREDIT_LIMIT } from '../shared/catalogue/audit';
import { DEFAULT_CREDIT_APPROVAL_THRESHOLD, DEFAULT_CREDIT_APPROVAL_WINDOW_HOURS, DEFAULT_CREDIT_REQUEST_TTL_HOURS } from '../shared/catalogue/creditRequests';
import { ROLES, isRole, type Role } from '../shared/catalogue/permissions';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const isAddressOrBlock = (item: string): boolean => {
  const [address = '', bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/** Trusting every client's X-Forwarded-For would let anyone pick their address (and dodge rate limits). */
const trustedProxies = z
  .string()
  .transform((value) =>
    value.trim() === 'false'
      ? []
      : value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
  )
  .refine((items) => items.every(isAddressOrBlock), 'false, or a comma-separated list of proxy addresses or CIDR blocks (e.g. 10.0.0.5,10.1.0.0/16)');

const positiveInt = z.coerce.number().int().positive();

/** README's configuration table mirrors this. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** `transaction`: DATABASE_URL is a transaction pooler (PgBouncer): no named statements or session locks through it. */
  DATABASE_POOLER: z.enum(['transaction']).optional(),
  /** The cluster itself, for LISTEN and migrations when DATABASE_URL is a pooler. */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** PEM file of the CA that signed the database's certificate (TLS, verify-full). */
  DATABASE_CA_FILE: z.string().min(1).optional(),
  /** Unanswered past this, a statement fails (503) and the pool drops its connection (a network partition). */
  DATABASE_QUERY_TIMEOUT_MS: positiveInt.default(30_000),
  DATA_DIR: z.string().min(1).default('./data'),
  CONSOLE_DIR: z.string().min(1).default('./dist'),
  CONSOLE_URL: z.string().url().default('http://localhost:3000'),
  APP_URL: z.string().url().default('http://localhost:8081'),
  FILE_STORAGE: z.enum(['database', 'folder']).default('database'),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  UPLOAD_MAX_BYTES: positiveInt.default(DEFAULT_UPLOAD_MAX_BYTES),
  REGISTRY_TOKEN: z.string().min(8).default('demo-registry-token'),
  CORS_ORIGINS: commaList.default(['http://localhost:3000', 'http://localhost:5173']),
  PRODUCT: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits, _')
    .default(DEFAULT_CREDIT_UNIT),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  SESSION_TTL_HOURS: positiveInt.default(12),
  SESSION_IDLE_MINUTES: positiveInt.default(60),
  STEP_UP_MINUTES: positiveInt.default(10),
  MFA_REQUIRED_ROLES: commaList.refine((roles) => roles.every(isRole), `a comma-separated list of roles (${ROLES.join(', ')})`).optional(),
  // Exact up to this, then the planner's estimate. 200 is twenty pages; counting to 1 000 read ~10 000 rows for a text
  // one row in ten matches (docs/benchmarks.md).
  EXACT_COUNT_LIMIT: positiveInt.default(200),
  CREDIT_APPROVAL_THRESHOLD: z.coerce.number().min(0).max(CREDIT_LIMIT).default(DEFAULT_CREDIT_APPROVAL_THRESHOLD),
  CREDIT_APPROVAL_WINDOW_HOURS: positiveInt.max(24 * 366).default(DEFAULT_CREDIT_APPROVAL_WINDOW_HOURS),
  CREDIT_REQUEST_TTL_HOURS: positiveInt.default(DEFAULT_CREDIT_REQUEST_TTL_HOURS),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  TRUST_PROXY: trustedProxies.default([]),
  CSP_CONNECT_SRC: commaList.default([]),
  DEV_ROUTES: z.enum(['true', 'false']).default('false'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://host:port or smtps://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME} <no-reply@localhost>`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // Unset: no /metrics at all. Long enough not to be guessed.
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absent: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** DATABASE_URL is a transaction pooler; then `databaseDirectUrl` is set. */
  databasePooler?: 'transaction';
  /** May hold a password: never logged. */
  databaseDirectUrl?: string;
  databaseCaFile?: string;
  databaseQueryTimeoutMs: number;
  dataDir: string;
  consoleDir: string;
  /** E-mailed links and uploaded files' URLs start with it. */
  consoleUrl: string;
  /** The front-end marketplace app (invitations, 'Login as'). */
  appUrl: string;
  /** database: served by every server over it. folder: under `uploadDir`, served by this server only. */
  fileStorage: 'database' | 'folder';
  uploadDir: string;
  uploadMaxBytes: number;
  /** Expected as `api_token` by the registry stand-in. */
  registryToken: string;
  corsOrigins: string[];
  product: string;
  seedDemo: boolean;
  sessionTtlHours: number;
  /** A session unused this long ends, within its lifetime. */
  sessionIdleMinutes: number;
  /** A dangerous call needs a proof of identity (sign-in or re-authentication) at most this old (server/lib/stepUp.ts). */
  stepUpMinutes: number;
  /** Admins of these roles without a second factor may only enrol one (and sign out). */
  mfaRequiredRoles: Role[];
  exactCountLimit: number;
  /** Four eyes (docs/roles.md): an adjustment that takes its admin's sum moved alone within the window above this waits for a second admin. */
  creditApprovalThreshold: number;
  /** The hours over which that sum is counted. */
  creditApprovalWindowHours: number;
  creditRequestTtlHours: number;
  authRateLimit: { max: number; windowSeconds: number };
  /** Proxies whose X-Forwarded-For gives the client address (rate limits are per client). */
  trustedProxies: string[];
  /** Joins the CSP's connect-src (an external company registry). */
  cspConnectSources: string[];
  /** Stand-ins for the marketplace app (a buyer or seller writing in a room). */
  devRoutes: boolean;
  /** May hold credentials: never logged. */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** node:cluster processes; more than one needs DATABASE_URL. */
  workers: number;
  /** A secret: never logged. */
  metricsToken?: string;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const seedDemo = env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV === 'development';
  if (env.DEV_ROUTES === 'true' && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_ROUTES: development helpers are refused in production');
  }
  if (seedDemo && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  SEED_DEMO: demo credentials are refused in production');
  }
  // PGlite's folder belongs to one process (db/dataDirLock.ts).
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  WORKERS: several processes need a DATABASE_URL (PGlite runs inside one process)');
  }
  // Never the URLs themselves in these messages: they may hold a password.
  if (env.DATABASE_POOLER && !env.DATABASE_URL) {
    throw new ConfigError("Invalid configuration:\n  DATABASE_POOLER: needs DATABASE_URL (the pooler's address)");
  }
  if (env.DATABASE_POOLER && !env.DATABASE_DIRECT_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction (the cluster's own address, for LISTEN and migrations)",
    );
  }
  if (env.DATABASE_CA_FILE && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_CA_FILE: needs DATABASE_URL (PGlite has no connection to secure)');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databasePooler: env.DATABASE_POOLER,
    databaseDirectUrl: env.DATABASE_POOLER ? env.DATABASE_DIRECT_URL : undefined,
    databaseCaFile: env.DATABASE_CA_FILE,
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    dataDir: env.DATA_DIR,
    consoleDir: env.CONSOLE_DIR,
    consoleUrl: env.CONSOLE_URL.replace(/\/$/, ''),
    appUrl: env.APP_URL.replace(/\/$/, ''),
    fileStorage: env.FILE_STORAGE,
    uploadDir: env.UPLOAD_DIR,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    registryToken: env.REGISTRY_TOKEN,
    corsOrigins: env.CORS_ORIGINS,
    product: env.PRODUCT,
    seedDemo,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    stepUpMinutes: env.STEP_UP_MINUTES,
    // The demo signs in with a password alone; production guards the roles that move money and admins.
    mfaRequiredRoles: (env.MFA_REQUIRED_ROLES ?? (env.NODE_ENV === 'production' ? ['owner', 'finance'] : [])) as Role[],
    exactCountLimit: env.EXACT_COUNT_LIMIT,
    creditApprovalThreshold: env.CREDIT_APPROVAL_THRESHOLD,
    creditApprovalWindowHours: env.CREDIT_APPROVAL_WINDOW_HOURS,
    creditRequestTtlHours: env.CREDIT_REQUEST_TTL_HOURS,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    trustedProxies: env.TRUST_PROXY,
    cspConnectSources: env.CSP_CONNECT_SRC,
    devRoutes: env.DEV_ROUTES === 'true',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    workers: env.WORKERS,
    metricsToken: env.METRICS_TOKEN,
  };
}
