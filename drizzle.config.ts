import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // A simple entity may declare its table in its own file, beside its routes' declaration.
  // A declared entity's derived table is named in declaredTables.ts (written by `npm run db:generate`).
  schema: ['./server/db/schema.ts', './server/db/declaredTables.ts', './server/entities/*.ts'],
  out: './server/db/migrations',
});
