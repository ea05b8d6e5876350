import { z } from 'zod';
import { DEFAULT_CREDIT_UNIT, PRODUCT_NAME } from '../src/catalogue/product';

const commaList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const positiveInt = z.coerce.number().int().positive();

/** Every environment variable the server reads; README's configuration table mirrors this. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  CONSOLE_DIR: z.string().min(1).default('./dist'),
  CONSOLE_URL: z.string().url().default('http://localhost:3000'),
  APP_URL: z.string().url().default('http://localhost:8081'),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  UPLOAD_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  REGISTRY_TOKEN: z.string().min(8).default('demo-registry-token'),
  CORS_ORIGINS: commaList.default(['http://localhost:3000', 'http://localhost:5173']),
  PRODUCT: z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits, _').default(DEFAULT_CREDIT_UNIT),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  SESSION_TTL_HOURS: positiveInt.default(12),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  DEV_ROUTES: z.enum(['true', 'false']).default('false'),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://host:port or smtps://user:pass@host:port').optional(),
  MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME} <no-reply@localhost>`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absent: embedded PGlite in `dataDir` (`:memory:` keeps nothing on disk). */
  databaseUrl?: string;
  dataDir: string;
  consoleDir: string;
  /** Public address of this server: e-mailed links and uploaded files' URLs start with it. */
  consoleUrl: string;
  /** The front-end marketplace app (invitations, 'Login as'). */
  appUrl: string;
  uploadDir: string;
  uploadMaxBytes: number;
  /** The token the registry stand-in expects as `api_token`. */
  registryToken: string;
  corsOrigins: string[];
  product: string;
  seedDemo: boolean;
  sessionTtlHours: number;
  authRateLimit: { max: number; windowSeconds: number };
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits are per IP). */
  trustProxy: boolean;
  /** Development helpers that stand in for the marketplace app (a buyer or seller writing in a room). */
  devRoutes: boolean;
  /** Absent: mail stays in the outbox table (and the development log). May hold credentials: never logged. */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
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
    throw new ConfigError('Invalid configuration:\n  SEED_DEMO: demo credentials are refused outside development');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    consoleDir: env.CONSOLE_DIR,
    consoleUrl: env.CONSOLE_URL.replace(/\/$/, ''),
    appUrl: env.APP_URL.replace(/\/$/, ''),
    uploadDir: env.UPLOAD_DIR,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    registryToken: env.REGISTRY_TOKEN,
    corsOrigins: env.CORS_ORIGINS,
    product: env.PRODUCT,
    seedDemo,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy: env.TRUST_PROXY === 'true',
    devRoutes: env.DEV_ROUTES === 'true',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
  };
}
