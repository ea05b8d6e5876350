// Bundles the contract server into dist-server/server.mjs, which node runs as it is: no TypeScript loader at run time
// (tsx's loader thread held about 60 MB). Packages stay in node_modules (PGlite finds its own files there); the
// migrations are copied beside the bundle, where server/db/client.ts looks for them (next to its module).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outDir = 'dist-server';
await rm(outDir, { recursive: true, force: true });
await build({
  // The embedded database's thread is a module of its own, beside the server's (server/db/pgliteThread.ts).
  entryPoints: { server: 'server/server.ts', pgliteWorker: 'server/db/pgliteWorker.ts' },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', `${outDir}/migrations`, { recursive: true });
