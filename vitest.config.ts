import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/helpers/componentSetup.ts'],
          // The longest tests take 6–7 s here on four workers; a busier CI machine must not turn them into timeouts.
          testTimeout: 40_000,
        },
      },
      {
        // Builds the console once and measures what each first load downloads.
        test: { name: 'budgets', environment: 'node', include: ['tests/budgets/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The PostgreSQL-only checks join the second pass, when DATABASE_URL names a server; the embedded database's own
          // (its thread, its folder's lock, its backup, a server process on it), which ignore DATABASE_URL, run in the first only.
          include: ['tests/server/**/*.test.ts', `tests/server-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}/**/*.test.ts`],
          // Migrates one PGlite database for the whole run; each test file's databases start from its image.
          // Bundles the server for the tests that start it as a process (tests/helpers/serverBundle.ts).
          globalSetup: ['tests/helpers/pgliteImage.ts', 'tests/helpers/serverBundle.ts'],
          // A slow CI machine runs the child-process and decoy-hash tests at twice this machine's time (about 25 s).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
