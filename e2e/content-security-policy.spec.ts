import { test } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';
import { startHostileAuthorizationServer, writeBeaconScript, type HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { openApp } from './helpers.ts';
import { buildWithOpenUrlGate } from './open-url-gate-build.ts';
import { expectHostileEndpointRefused, expectInjectedScriptRefused, recordPolicyViolations, signInThroughHostileEndpoint, walkTheApp } from './policy-violations.ts';

/**
 * The served app's Content-Security-Policy (server/node/security-headers.ts) stops script on
 * its own, and the app itself keeps to it. The static site's copy is
 * e2e-static/content-security-policy.spec.ts.
 */

test.describe('with the URL gate switched off', () => {
  // A build of its own (open-url-gate-build.ts), made once for this test and served by the real server in this process.
  let openGateApp: RunningServer;
  let hostile: HostileAuthorizationServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    openGateApp = await serve({ port: 0, staticDirectory: await buildWithOpenUrlGate('served-app') });
  });

  test.afterAll(async () => {
    await openGateApp?.close();
  });

  test.beforeEach(async () => {
    hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
  });

  test.afterEach(async () => {
    await hostile.close();
  });

  test('an authorization server’s javascript: consent page is refused by the policy as script, and runs nothing', async ({ page }) => {
    await recordPolicyViolations(page);
    await page.goto(`${openGateApp.url}/`);
    await signInThroughHostileEndpoint(page, hostile);
    await expectHostileEndpointRefused(page, hostile);
  });
});

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
