import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
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
  },
});
