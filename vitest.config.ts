import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The PostgreSQL-only checks join the second pass, when DATABASE_URL names a server; the embedded database's own (its
// thread, its folder's lock, its backup, a server process on it), which ignore DATABASE_URL, run in the first only.
const serverFiles = ['tests/server/**/*.test.ts', `tests/server-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}/**/*.test.ts`];

const serverProject = (name: string, test: { include: string[]; exclude?: string[]; isolate?: boolean; globalSetup: string[] }) => ({
  test: {
    name,
    environment: 'node',
    ...test,
    // A slow CI machine runs the child-process and decoy-hash tests at twice this machine's time (about 25 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

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
      serverProject('server', {
        include: serverFiles,
        exclude: ['tests/server/fuzz.test.ts'],
        // One module graph per worker, not per file: each file builds its own app on its own database, and importing the
        // server again for every file was most of the run (measured: on PostgreSQL 152 → 103 s, on PGlite 230 → 171 s).
        isolate: false,
        // Migrates one PGlite database for the whole run; each test file's databases start from its image.
        // Bundles the server for the tests that start it as a process (tests/helpers/serverBundle.ts).
        globalSetup: ['tests/helpers/pgliteImage.ts', 'tests/helpers/serverBundle.ts'],
      }),
      // The fuzz test mocks node:crypto (a cheap scrypt): isolated, so that the mock never reaches another file. It
      // starts no server process: bundling again here would rewrite the bundle under the other project's feet.
      serverProject('fuzz', { include: ['tests/server/fuzz.test.ts'], globalSetup: ['tests/helpers/pgliteImage.ts'] }),
    ],
  },
});
