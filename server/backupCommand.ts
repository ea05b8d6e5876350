// `npm run backup -- <file>` / `npm run restore -- <file>` (server/db/backup.ts).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { BackupRefused, backupDataDir, postgresCommand, restoreDataDir } from './db/backup';

async function main(kind: string | undefined, file: string | undefined): Promise<number> {
  if ((kind !== 'backup' && kind !== 'restore') || !file) {
    console.error(`Usage: npm run ${kind === 'restore' ? 'restore' : 'backup'} -- <file>`);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    // pg_dump and pg_restore hold a session: behind a transaction pooler, they go to the cluster itself.
    console.error(postgresCommand(kind, config.databaseDirectUrl ?? config.databaseUrl, file));
    return 1;
  }
  if (kind === 'backup') {
    const { bytes } = await backupDataDir(config.dataDir, file);
    console.log(`Backed up the database of DATA_DIR=${config.dataDir} to ${resolve(file)} (${bytes} bytes).`);
    return 0;
  }
  const { previous } = await restoreDataDir(file, config.dataDir);
  console.log(`Restored ${resolve(file)} into DATA_DIR=${config.dataDir}.`);
  if (previous) console.log(`The database it replaced is kept in ${previous}: delete that folder once the server runs well on the restored one.`);
  return 0;
}

// process.exit could cut output still on its way through a pipe.
main(process.argv[2], process.argv[3]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof BackupRefused || error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
