import { expect, test } from '@playwright/test';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/** The static site opens a step link at that very step, its server being the Service Worker's. */

test('links to steps 5, 10, 14, 15 and 16, the bad-arguments lesson’s step 14, a handshake step and sampling’s second step 14 open at those steps', async ({
  page,
}) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  const links = [
    { search: '?scenario=happy-path&step=5', canonical: '5' },
    { search: '?scenario=happy-path&era=2026-07-28&step=10', canonical: '10' },
    { search: '?scenario=happy-path&step=14', canonical: '14' },
    { search: '?scenario=happy-path&era=2026-07-28&step=15', canonical: '15' },
    { search: '?scenario=happy-path&step=16', canonical: '16' },
    { search: '?scenario=bad-arguments&step=14', canonical: '14' },
  ];
  for (const link of links) {
    await page.goto(`./${link.search}`);
    await expect(page.getByTestId('inspector'), link.search).toHaveAttribute('data-canonical', link.canonical, { timeout: 30_000 });
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-round', '1');
  }
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'server.validate-arguments');
  // A step with no number, by its id, and the second time a step comes in its round.
  await page.goto('./?scenario=happy-path&step=mcp.initialize.response');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.initialize.response', { timeout: 30_000 });
  await page.goto('./?scenario=sampling&era=2025-11-25&step=14&occurrence=2');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '14', { timeout: 60_000 });
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', '28');
});
