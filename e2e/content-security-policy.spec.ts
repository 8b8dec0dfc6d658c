import { test } from '@playwright/test';
import { serve } from '../server/node/serve.ts';
import { openApp } from './helpers.ts';
import { describeHostileConsentPage } from './hostile-consent-page-suite.ts';
import { expectInjectedScriptRefused, recordPolicyViolations, walkTheApp } from './policy-violations.ts';

/**
 * The served app's Content-Security-Policy (server/node/security-headers.ts) stops script on
 * its own, and the app itself keeps to it. The static site's copy is
 * e2e-static/content-security-policy.spec.ts.
 */

describeHostileConsentPage(
  'served-app',
  async (directory) => {
    // Served by the real server, in this process.
    const app = await serve({ port: 0, staticDirectory: directory });
    return { url: `${app.url}/`, close: () => app.close() };
  },
  async (page, url) => {
    await page.goto(url);
  },
);

test('a script injected into the page cannot add script or an event handler, run a javascript: URL, or evaluate a string', async ({ page }) => {
  await recordPolicyViolations(page);
  await openApp(page);
  await expectInjectedScriptRefused(page);
});

test('the app itself breaks none of its policy: a whole run, its views and its exports report no violation', async ({ page }) => {
  await recordPolicyViolations(page);
  await page.goto('/');
  await walkTheApp(page);
});
