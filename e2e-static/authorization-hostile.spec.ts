import { test } from '@playwright/test';
import { startHostileAuthorizationServer, writeBeaconScript, type HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { expectScriptNotRunAndRefusalShown, signInToHostileServer } from '../e2e/hostile-sign-in.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * Issue 36 in the static site, where a script run in the page's origin could also rewrite
 * the Service Worker's cached index.html for every later tab: a hostile authorization
 * server's javascript: authorization_endpoint is refused by the URL gate, the script never
 * runs, and the page shows the refusal step.
 */

let hostile: HostileAuthorizationServer;

test.beforeEach(async () => {
  hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
});

test.afterEach(async () => {
  await hostile.close();
});

test('a javascript: authorization_endpoint under /explorer/: refused by the URL gate, the script never runs, and the page says which address and why', async ({
  page,
}) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await signInToHostileServer(page, hostile);
  await expectScriptNotRunAndRefusalShown(page, hostile);
});
