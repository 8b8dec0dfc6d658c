import { expect, test } from '@playwright/test';
import { findNextButton } from '../e2e/helpers.ts';
import { describeHostileConsentPage } from '../e2e/hostile-consent-page-suite.ts';
import { expectInjectedScriptRefused, recordPolicyViolations, walkTheApp } from '../e2e/policy-violations.ts';
import { serveFolder, waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The static site's Content-Security-Policy, a <meta> in each page (a plain static host sends
 * no headers of ours), stops script on its own, and the app keeps to it, Service Worker and
 * all. The served app's copy is e2e/content-security-policy.spec.ts.
 */

// A static build of its own, on a plain file server of its own.
describeHostileConsentPage(
  'static-site',
  (directory) => serveFolder(directory),
  async (page, url) => {
    await page.goto(url);
    await waitForInBrowserServer(page);
  },
);

test('a script injected into the page cannot add script or an event handler, run a javascript: URL, or evaluate a string', async ({ page }) => {
  await recordPolicyViolations(page);
  await page.goto('./');
  await expect(findNextButton(page)).toBeVisible();
  await expectInjectedScriptRefused(page);
});

test('the app itself breaks none of its policy: a whole run, its views and its exports report no violation, the worker’s install included', async ({
  page,
}) => {
  await recordPolicyViolations(page);
  await page.goto('./');
  await waitForInBrowserServer(page);
  await walkTheApp(page);
});

test('on a host that sends what the build wrote into _headers: the same walk reports no violation, the worker running under the header policy too', async ({
  page,
}) => {
  const site = await serveFolder('dist-static', { headersFile: true });
  try {
    await recordPolicyViolations(page);
    const answer = await page.goto(site.url);
    expect(answer?.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' .*; frame-ancestors 'self'$/);
    expect(answer?.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
    const worker = await page.request.get(new URL('service-worker.js', site.url).href);
    expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
    await waitForInBrowserServer(page);
    await walkTheApp(page);
  } finally {
    await site.close();
  }
});
