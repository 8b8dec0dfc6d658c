import type { Browser, Frame } from '@playwright/test';
import { playToLiveView } from '../e2e/app-view-helpers.ts';
import { openApp } from '../e2e/helpers.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { computeMedian } from './statistics.ts';

const PART = 'UI, MCP App view';
const PAINT_WAIT_MS = 20_000;

type Sample = { viewMs: number; appFcpMs: number };

/** The first contentful paint of a frame's own document, on the machine's clock (timeOrigin + startTime), once it has one. */
async function readFirstPaint(frame: Frame): Promise<number> {
  const deadline = Date.now() + PAINT_WAIT_MS;
  for (;;) {
    const paintedAt = await frame.evaluate(() => {
      const [entry] = performance.getEntriesByName('first-contentful-paint');
      return entry ? performance.timeOrigin + entry.startTime : null;
    });
    if (paintedAt !== null) return paintedAt;
    if (Date.now() > deadline) throw new Error(`The frame at ${frame.url()} painted nothing within ${PAINT_WAIT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One run of the built-in app-view scenario in a fresh context, played at 4× until the view is
 * live: from the moment the host puts the view's frame on the page (the sandbox proxy, another
 * origin) to the view's own first contentful paint (the proxy's inner frame, an opaque origin).
 * Each document's paint is read in that document, on the machine's clock, so frames of
 * different origins compare; the page's own first paint, in the same run, is the reference.
 */
async function measureOnce(browser: Browser, appUrl: string): Promise<Sample> {
  const context = await openContext(browser);
  try {
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="app-view-frame"]')) return;
        Object.assign(window, { appFrameMountedAt: performance.timeOrigin + performance.now() });
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    await openApp(page, `${appUrl}/`);
    await playToLiveView(page, { scenario: 'app-view', era: '2025-11-25' });
    const proxy = await (await page.getByTestId('app-view-frame').first().elementHandle())?.contentFrame();
    const view = proxy?.childFrames()[0];
    if (!proxy || !view) throw new Error('The view has no sandbox frame with the view inside it.');
    const mountedAt = await page.evaluate(() => Number(Reflect.get(window, 'appFrameMountedAt')));
    const appFcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    if (!Number.isFinite(mountedAt) || !Number.isFinite(appFcpMs)) throw new Error('The page recorded no frame mount or no first paint of its own.');
    return { viewMs: (await readFirstPaint(view)) - mountedAt, appFcpMs };
  } finally {
    await context.close();
  }
}

export async function measureAppView({ browser, appUrl, quick, log }: PagePartOptions): Promise<Figure[]> {
  const samples: Sample[] = [];
  for (let run = 0; run < (quick ? 2 : 5); run++) samples.push(await measureOnce(browser, appUrl));
  log(`  ${samples.length} runs of the app-view scenario, fresh context each`);
  const viewMs = computeMedian(samples.map((sample) => sample.viewMs));
  const appFcpMs = computeMedian(samples.map((sample) => sample.appFcpMs));
  return [
    createFigure({
      part: PART,
      name: 'Its frame on the page → the view’s first paint',
      value: viewMs,
      unit: 'ms',
      budget: { comparison: '<=', limit: 1000 },
      note: `median of ${samples.length}; through the sandbox proxy (another origin, which paints nothing of its own) to the view's document inside it`,
    }),
    createFigure({
      part: PART,
      name: 'View’s first paint / the explorer page’s own first paint',
      value: viewMs / appFcpMs,
      unit: '×',
      note: `the page's first contentful paint in the same runs: ${appFcpMs.toFixed(0)} ms (median)`,
    }),
  ];
}
