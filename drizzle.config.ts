import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // A simple entity may declare its table in its own file, beside its routes' declaration.
  schema: ['./server/db/schema.ts', './server/entities/*.ts'],
  out: './server/db/migrations',
});
