import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * react-router's package sends every bundler to its development build (its exports name no production condition),
 * whose dev warnings run in the browser; its production build, the same code with them switched off, is smaller.
 * The console's production build takes it, both entry points alike, so that there is one router.
 */
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, written at build time: the server sends the one the
    // browser accepts (@fastify/static preCompressed) without compressing on each request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
  ],
  server: {
    port: 5173,
    // `npm run dev` beside `npm run dev:api`: the console calls its own origin's /api (see
    // providers/environment.ts), forwarded to the contract server, which listens on 127.0.0.1:3000 by default.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: process.env.CONSOLE_BUILD_DIR ?? 'dist',
    sourcemap: true,
    // The manifest lets the bundle-budget test follow each screen's imports (tests/budgets).
    manifest: true,
    // No <link rel=modulepreload> per dependency of a lazily loaded chunk: the browser finds a chunk's imports
    // itself (one round trip later), whereas inserting the links took ~1 ms of main thread each here, ~40 ms for a
    // list's 37 chunks at the console's start and again for every idle preload. Lighthouse mobile on a signed-in
    // /company, 5 alternated runs: LCP 5.08 -> 4.48 s median (every run lower), score 56 -> 59, TBT unchanged.
    modulePreload: false,
    // Rollup merges a chunk without side effects into another loaded with it, until chunks reach ~100 KB: a list page
    // fetches 27 files instead of 38 (HTTP/1.1 fetches six at a time). Lighthouse mobile on a signed-in /company,
    // 5 runs each, quiet machine: LCP 4.68 -> 4.30 s median, score 67 -> 69; JavaScript sizes within 1 KB.
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 100_000,
        // The browser's passkey prompts are fetched when a passkey is used: kept out of the chunk that merging would
        // put them in, the one every page loads (the /auth and console budgets, tests/budgets).
        manualChunks: (id) => (id.includes('/node_modules/@simplewebauthn/') ? 'webauthn' : undefined),
        // A merged chunk is named after one of its modules: the console's keeps its own name (the network panel and
        // the end-to-end tests look for it).
        chunkFileNames: (chunk) => `assets/${chunk.moduleIds.some((id) => id.endsWith('/src/console.tsx')) ? 'console' : '[name]'}-[hash].js`,
      },
    },
  },
}));
