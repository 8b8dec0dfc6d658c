import type { Browser, Page } from '@playwright/test';
import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { readFirstContentfulPaint } from './page-probes.ts';
import { serveStaticDirectory } from './serve-static-directory.ts';
import { computeMedian } from './statistics.ts';

/**
 * The static site's first visit as a learner meets it (a fresh context: no worker, no cache):
 * from navigation start until the in-browser server (the Service Worker that is the MCP server
 * and the mock model) says it is ready, and until the site's files are kept for offline use.
 * Then the same page reloaded offline: its first paint and its server ready again, all from
 * the worker's cache.
 */

const PART = 'Static site';
const WAIT_MS = 60_000;

type Visit = { readyAt: number; offlineCopyAt: number; offlinePaintAt: number; offlineReadyAt: number };

/** In the page before it loads: notes when the worker status first says ready, in ms since navigation start. */
function installReadyProbe(): void {
  const probe: { readyAt?: number } = {};
  (window as unknown as { __workerReady: typeof probe }).__workerReady = probe;
  const check = () => {
    if (probe.readyAt === undefined && document.querySelector('[data-testid="static-site-status"][data-phase="ready"]')) probe.readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
}

async function waitForReady(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __workerReady?: { readyAt?: number } }).__workerReady?.readyAt !== undefined, undefined, {
    timeout: WAIT_MS,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as { __workerReady: { readyAt: number } }).__workerReady.readyAt);
}

async function visitOnce(browser: Browser, url: string): Promise<Visit> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(installReadyProbe);
    await page.goto(url, { waitUntil: 'load' });
    const readyAt = await waitForReady(page);
    // The banner says so once every file of the site is kept (src/ui/static-site/static-site-banner.tsx).
    await page.getByTestId('static-site-status').filter({ hasText: 'works offline once loaded' }).waitFor({ timeout: WAIT_MS });
    const offlineCopyAt = await page.evaluate(() => performance.now());
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    const offlineReadyAt = await waitForReady(page);
    return { readyAt, offlineCopyAt, offlinePaintAt: await page.evaluate(readFirstContentfulPaint), offlineReadyAt };
  } finally {
    await context.close();
  }
}

export async function measureStaticVisit({
  browser,
  staticDirectory,
  quick,
  log,
}: PartOptions & {
  browser: Browser;
  staticDirectory: string;
}): Promise<Figure[]> {
  const site = await serveStaticDirectory(staticDirectory);
  const count = quick ? 2 : 5;
  const visits: Visit[] = [];
  try {
    for (let index = 0; index < count; index++) visits.push(await visitOnce(browser, `${site.url}/`));
  } finally {
    await site.close();
  }
  log(`  ${count} first visits of the static site (sirv), each reloaded offline, fresh context each`);
  const median = (pick: (visit: Visit) => number) => computeMedian(visits.map(pick));
  return [
    createFigure({
      part: PART,
      name: 'First visit → in-browser server ready',
      value: median((visit) => visit.readyAt),
      unit: 'ms',
      budget: { comparison: '<=', limit: 3000 },
      note: `since navigation start; median of ${count}; the worker installed in each fresh context`,
    }),
    createFigure({
      part: PART,
      name: 'First visit → the site kept for offline use',
      value: median((visit) => visit.offlineCopyAt),
      unit: 'ms',
      note: 'the banner says "works offline once loaded"',
    }),
    createFigure({
      part: PART,
      name: 'Offline reload, first contentful paint',
      value: median((visit) => visit.offlinePaintAt),
      unit: 'ms',
      note: "every file from the worker's cache",
    }),
    createFigure({
      part: PART,
      name: 'Offline reload → in-browser server ready',
      value: median((visit) => visit.offlineReadyAt),
      unit: 'ms',
      budget: { comparison: '<=', limit: 1500 },
      note: "since the reload's navigation start",
    }),
  ];
}
