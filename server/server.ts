import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/dataDirLock';
import { DEMO_CREDENTIALS } from './seed/demoAdmins';
import { seedDemoData } from './seed/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemo && (await seedDemoData(app.db, app.files, config))) {
    app.log.info(`demo data seeded; sign in as ${DEMO_CREDENTIALS.email} (password in the README)`);
  }
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Server failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
