/**
 * npm run bench:web: Lighthouse (performance only; mobile and desktop presets) in Debian's Chromium against
 * the production build served by the real server with the demo data, on /auth and on a signed-in /company.
 * Prints the median of BENCH_WEB_RUNS runs (3 by default): score, FCP, LCP, TBT, CLS and the JavaScript transferred.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { SESSION_COOKIE } from '../server/lib/sessions';
import { DEMO_CREDENTIALS } from '../server/seed/demoAdmins';
import { startServer } from './serverProcess';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = 3901;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function measureOf(result: Result): Measure {
  const audit = (id: string) => result.audits[id]?.numericValue ?? NaN;
  const scripts = (result.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items;
  return {
    score: Math.round((result.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKb: (scripts?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN) / 1024,
  };
}

async function signInCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('signing in gave no session cookie');
  return cookie.split(';')[0] ?? '';
}

async function main(): Promise<void> {
  const buildDir = mkdtempSync(join(tmpdir(), 'ap-bench-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ap-bench-web-data-'));
  console.log('building the console…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, CONSOLE_BUILD_DIR: buildDir, VITE_API_URL: '/api' },
    stdio: 'inherit',
  });
  const server = await startServer(PORT, {
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    CONSOLE_DIR: buildDir,
    CONSOLE_URL: `http://127.0.0.1:${PORT}`,
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const cookie = await signInCookie(server.origin);
    const pages: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: '/auth', url: `${server.origin}/auth`, headers: {} },
      // The session cookie, as a returning admin has it: the console trades it for a token at start-up.
      { name: '/company (signed in)', url: `${server.origin}/company`, headers: { Cookie: cookie } },
    ];
    console.log(`\nLighthouse ${RUNS} run(s) each, median; Debian Chromium; performance category`);
    console.log('| page | preset | score | FCP ms | LCP ms | TBT ms | CLS | JS transferred KB |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const page of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const measures: Measure[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: page.headers };
          const runner = await lighthouse(page.url, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!runner) throw new Error(`Lighthouse gave no result for ${page.url}`);
          measures.push(measureOf(runner.lhr));
        }
        const pick = (key: keyof Measure) => median(measures.map((measure) => measure[key]));
        console.log(
          `| ${page.name} | ${preset} | ${pick('score')} | ${pick('fcp').toFixed(0)} | ${pick('lcp').toFixed(0)} | ${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(0)} |`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
