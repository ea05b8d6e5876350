/**
 * npm run bench:profile: what the phone's /company runs before its first rows, by package. Chromium's sampling profiler
 * over BENCH_PROFILE_RUNS cold loads (3 by default) of the production build, served by the real server with the demo
 * data to a signed-in admin at 360 × 740; each sample's frame is traced back to its module through the build's source
 * maps. "(program)" is the browser's own work outside JavaScript: parsing, compiling, style and layout.
 * BENCH_PROFILE_THROTTLE=4 slows the CPU as Lighthouse's mobile preset does and lists, from a Chromium trace, the
 * main thread's tasks of 50 ms or more up to 3 s after the first rows (the long tasks that make the Total Blocking
 * Time), each with the longest events inside it: a module graph evaluated, a React render (a script's function call,
 * from a timer when react-query delivers a search's answer), style and layout.
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
const AFTER_ROWS_MS = 3000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** The renderer main thread's tasks of LONG_MS or more, each with its longest events: one line per task. */
function longTasks(events: TraceEvent[], rowsAt: number): string[] {
  const busiest = new Map<string, number>();
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X')
      busiest.set(`${event.pid}:${event.tid}`, (busiest.get(`${event.pid}:${event.tid}`) ?? 0) + (event.dur ?? 0));
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const main = [...busiest].filter(([thread]) => mains.has(thread)).sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X');
  const start = Math.min(...onMain.map((event) => event.ts));
  return onMain
    .filter((task) => task.name === 'RunTask' && (task.dur ?? 0) >= LONG_MS * 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts < end && (event.dur ?? 0) >= 5000);
      const longest = new Map<string, number>();
      for (const event of inside) {
        const url = event.args?.data?.url?.split('/').pop();
        const key = url ? `${event.name} ${url}` : event.name;
        longest.set(key, Math.max(longest.get(key) ?? 0, (event.dur ?? 0) / 1000));
      }
      const what = [...longest].sort((a, b) => b[1] - a[1]).slice(0, 3);
      const when = task.ts < rowsAt ? 'before the rows' : 'after the rows';
      return `  at ${((task.ts - start) / 1000).toFixed(0)} ms (${when}), ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${what.map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join(', ')}`;
    });
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
      // Waits in the page's own world: a Playwright locator would inject its script, a long task of its own.
      const rowsShown = () => page.waitForFunction((name) => document.getElementById('main-content')?.textContent?.includes(name), firstName, { polling: 50 });
      if (THROTTLE > 1) {
        // Traced, not profiled: stopping the profiler is itself a long task.
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink.user_timing', '__metadata'] });
        await page.goto(`${server.origin}/company`);
        await rowsShown();
        await page.evaluate(() => performance.mark('rows'));
        await page.waitForTimeout(AFTER_ROWS_MS);
        const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
        const tasks = longTasks(events, events.find((event) => event.name === 'rows')?.ts ?? Infinity);
        console.log(`run ${run + 1}: ${tasks.length} tasks of ${LONG_MS} ms or more up to ${AFTER_ROWS_MS / 1000} s after the rows`);
        for (const task of tasks) console.log(task);
        await context.close();
        continue;
      }
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.origin}/company`);
      await rowsShown();
      const { profile } = await cdp.send('Profiler.stop');
      const keyOf = new Map<number, string>();
      for (const node of profile.nodes) {
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        if (functionName === '(idle)') continue;
        const file = url.includes('/assets/') ? url.slice(url.lastIndexOf('/') + 1) : '';
        const source = file ? mapOf(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source : undefined;
        keyOf.set(node.id, source ? packageOf(source) : url ? '(other scripts)' : functionName || '(program)');
      }
      profile.samples?.forEach((id, index) => {
        const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
        const key = keyOf.get(id);
        if (key === undefined) return;
        selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
        totalMs += ms;
      });
      await context.close();
    }
    if (THROTTLE > 1) return;
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
