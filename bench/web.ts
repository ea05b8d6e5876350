/**
 * npm run bench:web: Lighthouse (performance only; mobile and desktop presets) in Debian's Chromium against
 * the production build served by the real server with the demo data, on /auth and on a signed-in /company, over two
 * transports (BENCH_WEB_TRANSPORTS, both by default): the server's own plain HTTP/1.1 (`http1`), and HTTPS with HTTP/2
 * through a TLS-terminating proxy in front of it (`h2`, bench/tlsProxy.ts), as a deployment serves the console.
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
import { startTlsProxy, type TlsProxy } from './tlsProxy';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = 3901;
const TLS_PORT = 3944;
const TRANSPORTS = (process.env.BENCH_WEB_TRANSPORTS ?? 'http1,h2').split(',');
/** Lighthouse's own failures (a fresh Chromium's first trace may lack its navigation start): a run is tried again. */
const TRIES = 3;
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

/** One Lighthouse run; a run that Lighthouse itself could not complete (runtimeError) is tried again. */
async function measure(port: number, url: string, headers: Record<string, string>, preset: 'mobile' | 'desktop'): Promise<Measure> {
  for (let attempt = 1; ; attempt += 1) {
    const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers };
    const runner = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!runner.lhr.runtimeError) return measureOf(runner.lhr);
    if (attempt === TRIES) throw new Error(`Lighthouse failed ${TRIES} times on ${url}: ${runner.lhr.runtimeError.code}`);
  }
}

/** What each page is measured with: the signed-out form, then the list as a returning admin opens it. */
async function measurePages(chromePort: number, origin: string, signInOrigin: string, transport: string): Promise<void> {
  // The session cookie, as a returning admin has it: the console trades it for a token at start-up.
  const cookie = await signInCookie(signInOrigin);
  const pages: Array<{ name: string; url: string; headers: Record<string, string> }> = [
    { name: '/auth', url: `${origin}/auth`, headers: {} },
    { name: '/company (signed in)', url: `${origin}/company`, headers: { Cookie: cookie } },
  ];
  for (const page of pages) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const measures: Measure[] = [];
      for (let run = 0; run < RUNS; run += 1) measures.push(await measure(chromePort, page.url, page.headers, preset));
      const pick = (key: keyof Measure) => median(measures.map((measure) => measure[key]));
      console.log(
        `| ${transport === 'h2' ? 'HTTPS, HTTP/2' : 'HTTP/1.1'} | ${page.name} | ${preset} | ${pick('score')} | ${pick('fcp').toFixed(0)} | ${pick('lcp').toFixed(0)} | ${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(0)} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  const buildDir = mkdtempSync(join(tmpdir(), 'ap-bench-web-'));
  console.log('building the console…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, CONSOLE_BUILD_DIR: buildDir, VITE_API_URL: '/api' },
    stdio: 'inherit',
  });
  // The proxy's certificate is made for the run: the browser ignores certificate errors, as it would trust a real one.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  try {
    console.log(`\nLighthouse ${RUNS} run(s) each, median; Debian Chromium; performance category`);
    console.log('| transport | page | preset | score | FCP ms | LCP ms | TBT ms | CLS | JS transferred KB |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const transport of TRANSPORTS) {
      // A server of its own for each transport, whose public address (CONSOLE_URL) is the origin the browser loads, as
      // in a deployment: the demo data's uploaded pictures are stored under that address.
      const origin = transport === 'h2' ? `https://127.0.0.1:${TLS_PORT}` : `http://127.0.0.1:${PORT}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'ap-bench-web-data-'));
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      let proxy: TlsProxy | undefined;
      try {
        server = await startServer(PORT, { NODE_ENV: 'development', SEED_DEMO: 'true', DATA_DIR: dataDir, CONSOLE_DIR: buildDir, CONSOLE_URL: origin });
        if (transport === 'h2') proxy = await startTlsProxy(TLS_PORT, new URL(server.origin));
        await measurePages(chrome.port, proxy?.origin ?? server.origin, server.origin, transport);
      } finally {
        await proxy?.close();
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    chrome.kill();
    rmSync(buildDir, { recursive: true, force: true });
  }
}

await main();
