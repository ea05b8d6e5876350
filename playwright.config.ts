import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** End-to-end runs drive Debian's Chromium against the real server on a fresh in-memory database. */
const port = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${port}`;
/** Uploaded files of this run; tests/e2e/globalTeardown.ts removes the folder. */
export const E2E_UPLOAD_DIR = join(tmpdir(), `admin-platform-e2e-uploads-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    // The console is built to call the API on its own origin, whatever port this run uses.
    // The server runs from its bundle, as `npm start` runs it (`serve`). scripts/test-all.sh builds the console once for
    // the budgets and this run (E2E_CONSOLE_BUILT); alone, the run builds it.
    command: `${process.env.E2E_CONSOLE_BUILT ? '' : 'npm run --silent build:e2e && '}npm run --silent build:server && npm run --silent serve`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: ':memory:',
      UPLOAD_DIR: E2E_UPLOAD_DIR,
      CONSOLE_DIR: '.e2e-dist',
      CONSOLE_URL: baseURL,
      CORS_ORIGINS: baseURL,
      SEED_DEMO: 'true',
      DEV_ROUTES: 'true',
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
    },
  },
});
