import { test } from '@playwright/test';
import { startHostileAuthorizationServer, writeBeaconScript, type HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { expectScriptNotRunAndRefusalShown, signInToHostileServer } from './hostile-sign-in.ts';

/**
 * Issue 36 on npm start's page: a hostile authorization server's javascript:
 * authorization_endpoint, which the page used to hand to window.open, so that its script
 * ran in the explorer's origin. Now the URL gate refuses it: no window opens, the script
 * never runs (no mark on the page, no call home), and the page shows the refusal step.
 */

let hostile: HostileAuthorizationServer;

test.beforeEach(async () => {
  hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
});

test.afterEach(async () => {
  await hostile.close();
});

test('a javascript: authorization_endpoint: refused by the URL gate, the script never runs, and the page says which address and why', async ({ page }) => {
  await page.goto('/');
  await signInToHostileServer(page, hostile);
  await expectScriptNotRunAndRefusalShown(page, hostile);
});
