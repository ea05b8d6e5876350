import type { Browser, BrowserContextOptions } from '@playwright/test';

/** What a page shows once its first data is there: an element, and a text it must contain. */
export interface FirstData {
  selector: string;
  text?: string;
}

export interface FirstScreen {
  url: string;
  /** JavaScript fetched before the first data is in the page, compressed as the server sent it. */
  jsBytes: number;
  jsFiles: string[];
  /** Main-thread time of the page's renderer from the navigation to the first data (top-level tasks of its trace). */
  workMs: number;
  /** Layout shift of the whole load, the first data and what the page does after it included. */
  cls: number;
  /** Each shift: its value, when, and the elements that moved. */
  shifted: string[];
}

export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

declare global {
  interface Window {
    firstScreen?: { firstData?: number; cls: number; shifted: string[] };
  }
}

/** Runs in the page before its own scripts: notes the layout shifts, and the moment the first data is in the DOM. */
function observeFirstScreen({ selector, text }: FirstData) {
  performance.setResourceTimingBufferSize(2000);
  const state: NonNullable<Window['firstScreen']> = { cls: 0, shifted: [] };
  window.firstScreen = state;
  const describe = (node: Node | null) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 2).join('.')} "${(node.textContent ?? '').slice(0, 40)}"`
      : String(node?.nodeName);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>) {
      if (entry.hadRecentInput) continue;
      state.cls += entry.value;
      state.shifted.push(
        `${entry.value.toFixed(3)} at ${entry.startTime.toFixed(0)} ms: ${(entry.sources ?? []).map((source) => describe(source.node)).join(', ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const found = () => {
    const element = document.querySelector(selector);
    return element !== null && (text === undefined || (element.textContent ?? '').includes(text));
  };
  const observer = new MutationObserver(() => {
    if (!found()) return;
    state.firstData = performance.now();
    performance.mark('first-data');
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The renderer's main-thread time before the 'first-data' mark: its top-level tasks, the last one clipped at the mark. */
export function workBeforeMark(events: TraceEvent[]): number {
  const mark = events.find((event) => event.name === 'first-data' && event.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('the trace has no first-data mark');
  const mainThread = events.find(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === mark.pid && event.args?.name === 'CrRendererMain',
  );
  if (!mainThread) throw new Error('the trace has no renderer main thread');
  let microseconds = 0;
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X' && event.pid === mark.pid && event.tid === mainThread.tid && event.ts < mark.ts)
      microseconds += Math.min(event.ts + (event.dur ?? 0), mark.ts) - event.ts;
  return microseconds / 1000;
}

/** Waits until the page has fetched nothing new for `quietMs` (a stream left open counts once), at most `capMs`. */
async function settled(page: import('@playwright/test').Page, quietMs = 600, capMs = 8000) {
  const start = Date.now();
  let count = -1;
  let since = Date.now();
  while (Date.now() - start < capMs) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) [count, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/**
 * Opens `url` in a fresh context (nothing cached), signed in with `cookies` when given, and measures its first screen;
 * its layout shifts until it has fetched what it fetches after its first data, unless `settle` is false.
 * `prepare` may route requests of the context (the reference page).
 */
export async function measureFirstScreen(
  browser: Browser,
  options: {
    url: string;
    device: BrowserContextOptions;
    firstData: FirstData;
    settle?: boolean;
    cookies?: Parameters<import('@playwright/test').BrowserContext['addCookies']>[0];
    prepare?: (context: import('@playwright/test').BrowserContext) => Promise<void>;
  },
): Promise<FirstScreen> {
  const context = await browser.newContext(options.device);
  try {
    if (options.cookies) await context.addCookies(options.cookies);
    await options.prepare?.(context);
    await context.addInitScript(observeFirstScreen, options.firstData);
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing', '__metadata'] });
    let trace: Buffer | undefined;
    try {
      await page.goto(options.url, { waitUntil: 'commit' });
      await page
        .waitForFunction(() => window.firstScreen?.firstData !== undefined, undefined, { timeout: 20_000 })
        .catch(async (error: unknown) => {
          throw new Error(`${options.url} showed no ${JSON.stringify(options.firstData)}: ${(await page.locator('body').innerText()).slice(0, 300)}`, {
            cause: error,
          });
        });
      if (options.settle !== false) await settled(page);
    } finally {
      trace = await browser.stopTracing();
    }
    const seen = await page.evaluate(() => ({
      firstData: window.firstScreen?.firstData ?? 0,
      cls: window.firstScreen?.cls ?? 0,
      shifted: window.firstScreen?.shifted ?? [],
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, startTime, encodedBodySize }) => ({
        name,
        startTime,
        encodedBodySize,
      })),
    }));
    const js = seen.scripts.filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname) && entry.startTime < seen.firstData);
    const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return {
      url: options.url,
      jsBytes: js.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      jsFiles: js.map((entry) => new URL(entry.name).pathname),
      workMs: workBeforeMark(events),
      cls: seen.cls,
      shifted: seen.shifted,
    };
  } finally {
    await context.close();
  }
}
