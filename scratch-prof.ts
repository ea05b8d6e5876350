import { chromium } from 'playwright';
import { startServer } from './bench/serverProcess';
import { DEMO_CREDENTIALS } from './server/seed/demoAdmins';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const PORT = 3977;
const server = await startServer(PORT, { NODE_ENV: 'development', SEED_DEMO: 'true', DATA_DIR: mkdtempSync(join(tmpdir(), 'scr-')), CONSOLE_DIR: process.env.DIR!, CONSOLE_URL: `http://127.0.0.1:${PORT}` });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const signIn = await browser.newContext({ baseURL: server.origin });
  await signIn.request.post('/api/admin/signin', { data: DEMO_CREDENTIALS });
  const { cookies } = await signIn.storageState();
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    page.on('console', (m) => { if (m.text().startsWith('PROF')) console.log(m.text()); });
    page.on('request', (r) => { if (r.url().includes('/api/')) console.log(`REQ ${r.method()} ${r.url().replace(/^.*\/api/, '')}`); });
    await page.goto(`${server.origin}/company`);
    await page.waitForTimeout(6000);
    console.log('-----');
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
