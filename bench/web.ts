/**
 * npm run bench:web: Lighthouse (performance only; mobile and desktop presets) in Debian's Chromium against
 * the production build served by the real server with the demo data, on /auth and on a signed-in /company, over two
 * transports (BENCH_WEB_TRANSPORTS, both by default): the server's own plain HTTP/1.1 (`http1`), and HTTPS with HTTP/2
 * through a TLS-terminating proxy in front of it (`h2`, bench/tlsProxy.ts), as a deployment serves the console.
 * Prints the median of BENCH_WEB_RUNS runs (3 by default): score, FCP, LCP, TBT, CLS and the JavaScript transferred.
 * `npm run bench:web -- --against <commit>` measures that commit's console too, beside this tree's, runs alternating.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
/** BENCH_WEB_LONG_TASKS=1: each run's long tasks as Lighthouse counts them (simulated ms), with FCP, to see what TBT adds up. */
const PRINT_LONG_TASKS = process.env.BENCH_WEB_LONG_TASKS === '1';

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

function printLongTasks(url: string, preset: string, result: Result): void {
  const items = (result.audits['long-tasks']?.details as { items?: Array<{ url: string; startTime: number; duration: number }> } | undefined)?.items ?? [];
  const fcp = result.audits['first-contentful-paint']?.numericValue ?? NaN;
  console.log(`${url} ${preset}: FCP ${fcp.toFixed(0)}, TBT ${(result.audits['total-blocking-time']?.numericValue ?? NaN).toFixed(0)}`);
  for (const task of items) console.log(`  at ${task.startTime.toFixed(0)} ms, ${task.duration.toFixed(0)} ms: ${task.url.replace(/^.*\//, '')}`);
}

/** One Lighthouse run; a run that Lighthouse itself could not complete (runtimeError) is tried again. */
async function measure(port: number, url: string, headers: Record<string, string>, preset: 'mobile' | 'desktop'): Promise<Measure> {
  for (let attempt = 1; ; attempt += 1) {
    const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers };
    const runner = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!runner.lhr.runtimeError) {
      if (PRINT_LONG_TASKS) printLongTasks(url, preset, runner.lhr);
      return measureOf(runner.lhr);
    }
    if (attempt === TRIES) throw new Error(`Lighthouse failed ${TRIES} times on ${url}: ${runner.lhr.runtimeError.code}`);
  }
}

interface Build {
  /** The column's name: `this tree`, or the commit compared against. */
  label: string;
  dir: string;
}

/** One build served over one transport, as a deployment serves the console. */
interface Served {
  build: Build;
  origin: string;
  signInOrigin: string;
}

/**
 * What each page is measured with: the signed-out form, then the list as a returning admin opens it. With several
 * builds, their runs alternate, so that a change in the machine's speed during the run weighs on every column alike.
 */
async function measurePages(chromePort: number, served: Served[], transport: string): Promise<void> {
  // The session cookie, as a returning admin has it: the console trades it for a token at start-up.
  const cookies = await Promise.all(served.map((one) => signInCookie(one.signInOrigin)));
  const pages = [
    { name: '/auth', path: '/auth', signedIn: false },
    { name: '/company (signed in)', path: '/company', signedIn: true },
  ];
  for (const page of pages) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const measures: Measure[][] = served.map(() => []);
      for (let run = 0; run < RUNS; run += 1)
        for (const [index, one] of served.entries())
          measures[index]?.push(await measure(chromePort, `${one.origin}${page.path}`, page.signedIn ? { Cookie: cookies[index] ?? '' } : {}, preset));
      for (const [index, one] of served.entries()) {
        const pick = (key: keyof Measure) => median((measures[index] ?? []).map((measure) => measure[key]));
        console.log(
          `| ${one.build.label} | ${transport === 'h2' ? 'HTTPS, HTTP/2' : 'HTTP/1.1'} | ${page.name} | ${preset} | ${pick('score')} | ${pick('fcp').toFixed(0)} | ${pick('lcp').toFixed(0)} | ${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(0)} |`,
        );
      }
    }
  }
}

/** The console of `commit`, built from a worktree of it (this tree's node_modules) into `dir`. */
function buildCommit(commit: string, dir: string): void {
  const worktree = mkdtempSync(join(tmpdir(), 'ap-bench-web-against-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { stdio: 'ignore' });
    symlinkSync(resolve('node_modules'), join(worktree, 'node_modules'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: worktree,
      env: { ...process.env, CONSOLE_BUILD_DIR: dir, VITE_API_URL: '/api' },
      stdio: 'inherit',
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
    rmSync(worktree, { recursive: true, force: true });
  }
}

/** `--against <commit>`: that commit's console is measured beside this tree's, in the same run. */
function againstCommit(): string | undefined {
  const index = process.argv.indexOf('--against');
  if (index < 0) return undefined;
  const commit = process.argv[index + 1];
  if (!commit) throw new Error('--against needs a commit');
  return execFileSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const against = againstCommit();
  const builds: Build[] = [{ label: 'this tree', dir: mkdtempSync(join(tmpdir(), 'ap-bench-web-')) }];
  console.log('building the console…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, CONSOLE_BUILD_DIR: builds[0]?.dir, VITE_API_URL: '/api' },
    stdio: 'inherit',
  });
  if (against) {
    console.log(`building the console of ${against}…`);
    const dir = mkdtempSync(join(tmpdir(), 'ap-bench-web-'));
    buildCommit(against, dir);
    builds.push({ label: against, dir });
  }
  // The proxy's certificate is made for the run: the browser ignores certificate errors, as it would trust a real one.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  try {
    console.log(`\nLighthouse ${RUNS} run(s) each, median; Debian Chromium; performance category; both servers run this tree's server`);
    console.log('| console | transport | page | preset | score | FCP ms | LCP ms | TBT ms | CLS | JS transferred KB |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const transport of TRANSPORTS) {
      // A server of its own for each build and transport, whose public address (CONSOLE_URL) is the origin the browser
      // loads, as in a deployment: the demo data's uploaded pictures are stored under that address.
      const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
      const proxies: TlsProxy[] = [];
      const dataDirs: string[] = [];
      try {
        const served: Served[] = [];
        for (const [index, build] of builds.entries()) {
          const port = PORT + index;
          const origin = transport === 'h2' ? `https://127.0.0.1:${TLS_PORT + index}` : `http://127.0.0.1:${port}`;
          const dataDir = mkdtempSync(join(tmpdir(), 'ap-bench-web-data-'));
          dataDirs.push(dataDir);
          const server = await startServer(port, {
            NODE_ENV: 'development',
            SEED_DEMO: 'true',
            DATA_DIR: dataDir,
            CONSOLE_DIR: build.dir,
            CONSOLE_URL: origin,
          });
          servers.push(server);
          const proxy = transport === 'h2' ? await startTlsProxy(TLS_PORT + index, new URL(server.origin)) : undefined;
          if (proxy) proxies.push(proxy);
          served.push({ build, origin: proxy?.origin ?? server.origin, signInOrigin: server.origin });
        }
        await measurePages(chrome.port, served, transport);
      } finally {
        for (const proxy of proxies) await proxy.close();
        for (const server of servers) await server.stop();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    chrome.kill();
    for (const build of builds) rmSync(build.dir, { recursive: true, force: true });
  }
}

await main();
