/**
 * `npm run db:generate`: names the declared entities' derived tables for drizzle-kit (server/db/declaredTables.ts),
 * lets drizzle-kit write the migration, then gives each derived table its version trigger.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { derivedDeclarations } from '../server/entities';
import { addVersionTriggers, declaredTablesSource } from './declaredSchema';

writeFileSync('server/db/declaredTables.ts', declaredTablesSource(derivedDeclarations));
execFileSync('npx', ['drizzle-kit', 'generate'], { stdio: 'inherit' });
for (const table of addVersionTriggers('server/db/migrations', derivedDeclarations)) console.log(`the version trigger of ${table}, in the newest migration`);
