import { test, type Page } from '@playwright/test';
import { startHostileAuthorizationServer, writeBeaconScript, type HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { buildWithOpenUrlGate, type OpenGateSite } from './open-url-gate-build.ts';
import { expectHostileEndpointRefused, recordPolicyViolations, signInThroughHostileEndpoint } from './policy-violations.ts';

/** A site serving a build, until closed. */
export type ServedBuild = { url: string; close: () => Promise<void> };

/**
 * The policy alone against a javascript: consent page, the same for both sites: a build with the URL gate switched off
 * (open-url-gate-build.ts), made once and served the site's way (`serveBuild`), opened the site's way (`openSite`),
 * and an authorization server whose authorization_endpoint is script.
 */
export function describeHostileConsentPage(
  site: OpenGateSite,
  serveBuild: (directory: string) => Promise<ServedBuild>,
  openSite: (page: Page, url: string) => Promise<void>,
): void {
  test.describe('with the URL gate switched off', () => {
    let served: ServedBuild;
    let hostile: HostileAuthorizationServer;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      served = await serveBuild(await buildWithOpenUrlGate(site));
    });

    test.afterAll(async () => {
      await served?.close();
    });

    test.beforeEach(async () => {
      hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
    });

    test.afterEach(async () => {
      await hostile.close();
    });

    test('an authorization server’s javascript: consent page is refused by the policy as script, and runs nothing', async ({ page }) => {
      await recordPolicyViolations(page);
      await openSite(page, served.url);
      await signInThroughHostileEndpoint(page, hostile);
      await expectHostileEndpointRefused(page, hostile);
    });
  });
}
