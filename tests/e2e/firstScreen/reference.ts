import type { BrowserContext } from '@playwright/test';
import type { FirstData } from './measure';

/**
 * The yardstick of main-thread work: a static page whose script (made here, the same in every run) compiles a few
 * hundred functions, then builds and lays out a 10-row table over and over. Its work scales with the host as the
 * console's does, so a page's work over the reference's is a figure the machine's speed does not move.
 */
export const REFERENCE_PATH = '/__first-screen-reference';
export const REFERENCE_FIRST_DATA: FirstData = { selector: '#reference-done' };

const FUNCTIONS = 600;
const TABLES = 250;

function referenceScript(): string {
  const functions = Array.from(
    { length: FUNCTIONS },
    (_, index) => `function cell${index}(row) { const label = 'row ' + row + ' cell ${index}'; return { label, width: label.length * ${(index % 7) + 1} }; }`,
  );
  const calls = Array.from({ length: FUNCTIONS }, (_, index) => `cell${index}`).join(',');
  return `${functions.join('\n')}
const cells = [${calls}];
const host = document.getElementById('tables');
let width = 0;
for (let table = 0; table < ${TABLES}; table += 1) {
  const element = document.createElement('table');
  for (let row = 0; row < 10; row += 1) {
    const tr = element.insertRow();
    for (let column = 0; column < 6; column += 1) tr.insertCell().textContent = cells[(table * 60 + row * 6 + column) % cells.length](row).label;
  }
  host.replaceChildren(element);
  width += element.offsetWidth;
}
const done = document.createElement('p');
done.id = 'reference-done';
done.textContent = String(width);
document.body.append(done);`;
}

/** Serves the reference page and its script in `context`, on the console's origin. */
export async function serveReference(context: BrowserContext): Promise<void> {
  const script = referenceScript();
  await context.route(`**${REFERENCE_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Reference</title></head><body><div id="tables"></div><script src="${REFERENCE_PATH}.js"></script></body></html>`,
    }),
  );
  await context.route(`**${REFERENCE_PATH}.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
}
