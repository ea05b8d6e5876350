/**
 * Runs a command with the database behind PgBouncer in transaction mode, as a team deploys it: DATABASE_URL becomes the
 * pooler's address, DATABASE_POOLER=transaction and DATABASE_DIRECT_URL the cluster's (scripts/test-all.sh's second
 * PostgreSQL pass). PgBouncer runs from a throw-away configuration and stops with the command.
 */
import { spawn } from 'node:child_process';
import { startPgBouncer } from '../tests/helpers/pgbouncer';

const [command, ...args] = process.argv.slice(2);
const clusterUrl = process.env.DATABASE_URL;
if (!command || !clusterUrl) {
  console.error('usage: DATABASE_URL=… tsx scripts/with-pgbouncer.ts command [args…]');
  process.exit(2);
}
const pooler = await startPgBouncer(clusterUrl);
const poolerUrl = new URL(pooler.urlFor('postgres'));
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: poolerUrl.toString(), DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: clusterUrl },
});
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
await pooler.stop();
process.exit(code);
