import { expect, test as base } from '@playwright/test';
import { WORKER_BASE_URLS } from '../../playwright.config';

/**
 * Every end-to-end test runs the console under the server's Content-Security-Policy and fails if the
 * browser reports a violation (an inline script, a style or a call the policy refuses).
 */
export const EXPECTS_CSP_VIOLATION = 'expects-csp-violation';

export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
  // Each worker on its own server (playwright.config.ts); a test that names another server (passkeys) keeps it.
  baseURL: async ({ baseURL }, use, testInfo) =>
    use(baseURL === WORKER_BASE_URLS[0] ? (WORKER_BASE_URLS[testInfo.parallelIndex % WORKER_BASE_URLS.length] ?? baseURL) : baseURL),
  contentSecurityPolicyGuard: [
    async ({ page }, use, testInfo) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      // A test that provokes a violation on purpose says so with this annotation.
      if (!testInfo.annotations.some((annotation) => annotation.type === EXPECTS_CSP_VIOLATION)) expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
