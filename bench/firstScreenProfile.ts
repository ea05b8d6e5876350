/**
 * npm run bench:profile: what the phone's /company runs before its first rows, by package. Chromium's sampling profiler
 * over BENCH_PROFILE_RUNS cold loads (3 by default) of the production build, served by the real server with the demo
 * data to a signed-in admin at 360 × 740; each sample's frame is traced back to its module through the build's source
 * maps. "(program)" is the browser's own work outside JavaScript: parsing, compiling, style and layout.
 * BENCH_PROFILE_THROTTLE=4 slows the CPU as Lighthouse's mobile preset does and lists the busy stretches (main thread
 * never idle) of 50 ms or more, the long tasks that make the Total Blocking Time, with what ran in each.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { DEMO_CREDENTIALS } from '../server/seed/demoAdmins';
import { startServer } from './serverProcess';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
const PORT = 3905;
const TOP = 10;
const THROTTLE = Number(process.env.BENCH_PROFILE_THROTTLE ?? 1);
const LONG_MS = 50;

interface Stretch {
  startMs: number;
  ms: number;
  by: Map<string, number>;
}

/** `node_modules/@mui/material/…` → `@mui/material`; the project's own files keep their path. */
const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? source.replace(/^.*?\/(src|shared)\//, '$1/');

async function main(): Promise<void> {
  const buildDir = mkdtempSync(join(tmpdir(), 'ap-bench-profile-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ap-bench-profile-data-'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, CONSOLE_BUILD_DIR: buildDir, VITE_API_URL: '/api' },
    stdio: 'inherit',
  });
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const path = join(buildDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    return maps.get(file) ?? null;
  };
  const server = await startServer(PORT, {
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    CONSOLE_DIR: buildDir,
    CONSOLE_URL: `http://127.0.0.1:${PORT}`,
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const signIn = await browser.newContext({ baseURL: server.origin });
    await signIn.request.post('/api/admin/signin', { data: DEMO_CREDENTIALS });
    const { cookies } = await signIn.storageState();
    const { token } = (await (await signIn.request.get('/api/admin/signin_token')).json()) as { token: string };
    const search = (await (await signIn.request.post('/api/company/search', { headers: { authorization: `JWT ${token}` }, data: { offset: 0 } })).json()) as {
      data: Array<{ name: string }>;
    };
    const firstName = search.data[0]?.name ?? '';
    const selfMs = new Map<string, number>();
    let totalMs = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      await context.addCookies(cookies);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.origin}/company`);
      await page.locator('#main-content').getByText(firstName).first().waitFor();
      const { profile } = await cdp.send('Profiler.stop');
      const keyOf = new Map<number, string>();
      for (const node of profile.nodes) {
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        if (functionName === '(idle)') continue;
        const file = url.includes('/assets/') ? url.slice(url.lastIndexOf('/') + 1) : '';
        const source = file ? mapOf(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source : undefined;
        keyOf.set(node.id, source ? packageOf(source) : url ? '(other scripts)' : functionName || '(program)');
      }
      const stretches: Stretch[] = [];
      let current: Stretch | undefined;
      let atMs = 0;
      profile.samples?.forEach((id, index) => {
        const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
        atMs += ms;
        const key = keyOf.get(id);
        if (key === undefined) {
          current = undefined;
          return;
        }
        selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
        totalMs += ms;
        if (!current) stretches.push((current = { startMs: atMs - ms, ms: 0, by: new Map() }));
        current.ms += ms;
        current.by.set(key, (current.by.get(key) ?? 0) + ms);
      });
      if (THROTTLE > 1) {
        const long = stretches.filter((stretch) => stretch.ms >= LONG_MS);
        const blocking = long.reduce((sum, stretch) => sum + stretch.ms - LONG_MS, 0);
        console.log(`run ${run + 1}: ${long.length} stretches of ${LONG_MS} ms or more, ${blocking.toFixed(0)} ms over ${LONG_MS} ms in all`);
        for (const stretch of long) {
          const top = [...stretch.by].sort((a, b) => b[1] - a[1]).slice(0, 4);
          console.log(`  at ${stretch.startMs.toFixed(0)} ms, ${stretch.ms.toFixed(0)} ms: ${top.map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join(', ')}`);
        }
      }
      await context.close();
    }
    console.log(`/company on a phone, up to its first rows: ${(totalMs / RUNS).toFixed(0)} ms of main thread per load (${RUNS} loads)`);
    console.log('| contributor | ms per load | share |\n|---|---|---|');
    for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`| ${key} | ${(ms / RUNS).toFixed(0)} | ${((100 * ms) / totalMs).toFixed(1)} % |`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
