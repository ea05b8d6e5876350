import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** End-to-end runs drive Debian's Chromium against the real server on a fresh in-memory database. */
const port = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${port}`;
/** Uploaded files of this run; tests/e2e/globalTeardown.ts removes the folder. */
export const E2E_UPLOAD_DIR = join(tmpdir(), `admin-platform-e2e-uploads-${port}`);
/**
 * A second server whose console is at `localhost`: WebAuthn refuses an IP address as its relying party, and the
 * passkey tests' virtual authenticator needs one. The first stays on 127.0.0.1 (its demo pictures' URLs name it).
 */
export const PASSKEY_BASE_URL = `http://localhost:${port + 1}`;
/**
 * Each worker's server, by its index (tests/e2e/cspGuard.ts): its own in-memory demo database, so that no test sees
 * another worker's writes. Two workers on two cores: the tests wait on the browser far more than they compute.
 */
export const WORKER_BASE_URLS = [baseURL, `http://127.0.0.1:${port + 2}`];

const serverOptions = { timeout: 240_000, reuseExistingServer: false, stdout: 'ignore', stderr: 'pipe' } as const;

/** A development server on a fresh in-memory database with the demo data, its console at `consoleUrl`. */
const serverEnv = (serverPort: number, consoleUrl: string, uploadDir: string, more: Record<string, string> = {}) => ({
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(serverPort),
  DATA_DIR: ':memory:',
  UPLOAD_DIR: uploadDir,
  CONSOLE_DIR: '.e2e-dist',
  CONSOLE_URL: consoleUrl,
  CORS_ORIGINS: consoleUrl,
  SEED_DEMO: 'true',
  DEV_ROUTES: 'true',
  AUTH_RATE_LIMIT_MAX: '200',
  LOG_LEVEL: 'warn',
  ...more,
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: WORKER_BASE_URLS.length,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './tests/e2e/globalTeardown.ts',
  reporter: [['list'], ['json', { outputFile: '.test-reports/e2e.json' }]],
  use: {
    baseURL,
    // Bounded actions: a click on something that never appears fails at that step, not at the test timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'e2e', testIgnore: /firstScreen\.spec\.ts/ },
    // Timed alone, once every other test is done: a second worker's load would move its main-thread figures.
    { name: 'first-screen', testMatch: /firstScreen\.spec\.ts/, dependencies: ['e2e'] },
  ],
  webServer: [
    {
      // The console is built to call the API on its own origin, whatever port this run uses.
      // The server runs from its bundle, as `npm start` runs it (`serve`). scripts/test-all.sh builds the console once for
      // the budgets and this run (E2E_CONSOLE_BUILT); alone, the run builds it.
      command: `${process.env.E2E_CONSOLE_BUILT ? '' : 'npm run --silent build:e2e && '}npm run --silent build:server && npm run --silent serve`,
      url: `${baseURL}/api/health`,
      ...serverOptions,
      env: serverEnv(port, baseURL, E2E_UPLOAD_DIR),
    },
    {
      // Started once the first has built the console and the server.
      command: `npm run --silent serve`,
      url: `http://127.0.0.1:${port + 1}/api/health`,
      ...serverOptions,
      // Its finance admin must enrol a second factor first, as in production.
      env: serverEnv(port + 1, PASSKEY_BASE_URL, join(E2E_UPLOAD_DIR, 'passkeys'), { MFA_REQUIRED_ROLES: 'finance' }),
    },
    ...WORKER_BASE_URLS.slice(1).map((workerURL) => ({
      command: `npm run --silent serve`,
      url: `${workerURL}/api/health`,
      ...serverOptions,
      env: serverEnv(Number(new URL(workerURL).port), workerURL, join(E2E_UPLOAD_DIR, new URL(workerURL).port)),
    })),
  ],
});
