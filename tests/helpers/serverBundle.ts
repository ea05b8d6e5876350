import { execFileSync } from 'node:child_process';

/**
 * Vitest global setup of the server tests: bundles the server as `npm start` runs it (scripts/build-server.mjs, about
 * a second), so that the tests that start it as a process run what production runs.
 */
export default function setup() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
