import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { writeBarePage } from './bare-page.ts';
import { fetchInspector, type FetchedInspector } from './fetch-inspector.ts';
import type { PartOptions } from './bench-options.ts';
import { createFigure, createUnmeasuredFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { measureBundleSizes, type BundleSizes } from './measure-bundle-size.ts';
import { installNextProbe, readFirstContentfulPaint } from './page-probes.ts';
import { serveStaticDirectory } from './serve-static-directory.ts';
import { startServerProcess } from './start-server-process.ts';
import { computeMedian, computePercentile } from './statistics.ts';
import { traceWorkBeforePaint, type MainThreadWork } from './trace-first-paint.ts';

/**
 * Part 1: what the first page costs. Gzip bytes of the build; first contentful paint and
 * the time until Next works, in headless Chromium on localhost, each load in a fresh
 * context (empty cache). Two baselines for the paint, loaded the same way in the same run,
 * alternating with ours: a bare page of one paragraph served by the same kind of server (the
 * floor: what our page adds beyond it is ours), and the official MCP Inspector's web client.
 * Ratios are taken within the run, so a loaded machine moves both sides.
 */

const PART = 'First load';
const KILOBYTE = 1000;
/** Our first paint against a bare page's, served the same way (issue 44). */
const BARE_PAGE_BUDGET = { comparison: '<=', limit: 1.5 } as const;
/** Pairs of loads (bare page, then ours) for the paint ratio; Next is timed on fewer loads, each far longer. */
const PAINT_PAIRS = 15;
const QUICK_PAINT_PAIRS = 5;

type Log = (line: string) => void;

async function measurePaint(browser: Browser, url: string): Promise<number> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(readFirstContentfulPaint);
  } finally {
    await context.close();
  }
}

const PaintedProbeSchema = z.object({ pressedAt: z.number(), paintedAt: z.number(), renderedAt: z.number(), appRenderedAt: z.number() });

/**
 * One load's marks, ms since navigation start: its own first contentful paint, Next pressed, step 1 presented (Element
 * Timing), the task after its frame, and the app's own inspector presenting it (later than the shell's step 1).
 */
type NextWorks = { paintAt: number; shownAt: number; pressedAt: number; taskAfterFrameAt: number; appShownAt: number };
const NEXT_WORKS_TIMEOUT_MS = 30_000;

/**
 * Navigation start until Next, pressed as soon as it can be, shows step 1 in the inspector
 * (presented, as the browser reports it for the first contentful paint too). The probe's
 * promise is awaited with the DevTools protocol's own evaluate, so no script of
 * Playwright's runs in the page while it is measured (see installNextProbe).
 */
async function measureNextWorks(browser: Browser, url: string): Promise<NextWorks> {
  const context = await openContext(browser);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const page = await context.newPage();
    await page.addInitScript(installNextProbe);
    const session = await context.newCDPSession(page);
    await page.goto(url, { waitUntil: 'load' });
    const evaluated = session.send('Runtime.evaluate', { expression: 'window.__nextProbe.painted', awaitPromise: true, returnByValue: true });
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Step 1 was not shown within ${NEXT_WORKS_TIMEOUT_MS} ms of loading ${url}.`)), NEXT_WORKS_TIMEOUT_MS);
    });
    const { result, exceptionDetails } = await Promise.race([evaluated, timedOut]);
    if (exceptionDetails) throw new Error(`The Next probe failed in the page: ${exceptionDetails.text}`);
    const probe = PaintedProbeSchema.parse(result.value);
    // Read once step 1 is timed, so that nothing of Playwright's ran in the page before.
    const paintAt = await page.evaluate(readFirstContentfulPaint);
    return { paintAt, shownAt: probe.renderedAt, pressedAt: probe.pressedAt, taskAfterFrameAt: probe.paintedAt, appShownAt: probe.appRenderedAt };
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}

/**
 * The Next-works figures of one site. The budget is on step 1's presentation; the task after
 * its frame is printed beside it, as the figure was read before (2026-12-02), so the two can be compared.
 */
function describeNextWorks({ loads, paints, site, extraNote }: { loads: NextWorks[]; paints: number[]; site: string; extraNote?: string }): Figure[] {
  const paint = computeMedian(paints);
  const shown = computeMedian(loads.map((load) => load.shownAt));
  const pressable = computeMedian(loads.map((load) => load.pressedAt));
  const taskAfterFrame = computeMedian(loads.map((load) => load.taskAfterFrameAt));
  const appShown = computeMedian(loads.map((load) => load.appShownAt));
  return [
    createFigure({
      part: PART,
      name: `Next works (step 1 shown)${site}`,
      value: shown,
      unit: 'ms',
      note: `since navigation start, step 1's title presented (Element Timing); Next pressable at ${pressable.toFixed(0)} ms; the task after its frame at ${taskAfterFrame.toFixed(0)} ms; the app's own inspector at ${appShown.toFixed(0)} ms${extraNote ?? ''}`,
    }),
    createFigure({
      part: PART,
      name: `Next works / FCP${site}`,
      value: shown / paint,
      unit: '×',
      budget: { comparison: '<=', limit: 2 },
      note: `medians; within each load ${computeMedian(loads.map((load) => load.shownAt / load.paintAt)).toFixed(2)} × its own FCP (median); Next pressable at ${(pressable / paint).toFixed(2)} × FCP; the task after step 1's frame at ${(taskAfterFrame / paint).toFixed(2)} × FCP`,
    }),
  ];
}

/** Every byte the first page loads before it paints and works: index.html, its stylesheet, its scripts (gzip). */
function describeFirstPageBytes(sizes: BundleSizes, site: string): Figure {
  const total = sizes.firstPageHtmlGzipBytes + sizes.firstPageCssGzipBytes + sizes.firstPageJsGzipBytes;
  return createFigure({
    part: PART,
    name: `First page, all bytes, gzip${site}`,
    value: total,
    unit: 'B',
    note: `index.html ${sizes.firstPageHtmlGzipBytes} B, CSS ${sizes.firstPageCssGzipBytes} B, JS ${sizes.firstPageJsGzipBytes} B`,
  });
}

/**
 * The paint beside the bare page's, load by load: each of ours is loaded right after a bare one, so the pair saw the same
 * machine, and the figure is the median of the pairs' ratios. Its spread is printed beside it: on a shared machine of two
 * cores a single pair's ratio ranged over 2x and more, which 5 loads of each could not tell from a change of ours.
 */
function describeBarePaint({ ours, bare, site }: { ours: number[]; bare: number[]; site: string }): Figure[] {
  const ratios = ours.map((paint, index) => paint / bare[index]!);
  const spread = (low: number, high: number) => `${computePercentile(ratios, low).toFixed(2)}–${computePercentile(ratios, high).toFixed(2)}`;
  return [
    createFigure({
      part: PART,
      name: `First contentful paint, bare page${site}`,
      value: computeMedian(bare),
      unit: 'ms',
      note: `median of ${bare.length}, same run, same server, each load just before one of ours`,
    }),
    createFigure({
      part: PART,
      name: `FCP ours / bare page${site}`,
      value: computeMedian(ratios),
      unit: '×',
      budget: BARE_PAGE_BUDGET,
      note: `median of ${ratios.length} pairs' ratios (a bare load, then ours); pairs' p25–p75 ${spread(25, 75)}, min–max ${spread(0, 100)}; ratio of medians ${(computeMedian(ours) / computeMedian(bare)).toFixed(2)}`,
    }),
  ];
}

/** The main thread's work before the first paint, traced, ours beside the bare page's: the part of the paint that is the page's own. */
async function traceBesideBare({
  browser,
  url,
  bareUrl,
  loads,
  site,
}: {
  browser: Browser;
  url: string;
  bareUrl: string;
  loads: number;
  site: string;
}): Promise<Figure[]> {
  const ours: MainThreadWork[] = [];
  const bare: MainThreadWork[] = [];
  for (let index = 0; index < loads; index++) {
    bare.push(await traceWorkBeforePaint(browser, bareUrl));
    ours.push(await traceWorkBeforePaint(browser, url));
  }
  const median = (works: MainThreadWork[], read: (work: MainThreadWork) => number) => computeMedian(works.map(read));
  const kinds = [...new Set(ours.flatMap((work) => Object.keys(work.byKind)))];
  const breakdown = kinds.map((kind) => `${kind} ${median(ours, (work) => work.byKind[kind] ?? 0).toFixed(1)}`).join(', ');
  return [
    createFigure({
      part: PART,
      name: `Main thread before FCP, ours${site}`,
      value: median(ours, (work) => work.totalMs),
      unit: 'ms',
      note: `Chromium trace, median of ${loads}: ${breakdown} ms (parse holds the inline stylesheet's, ${median(ours, (work) => work.cssParseMs).toFixed(1)} ms, and the inline scripts)`,
    }),
    createFigure({
      part: PART,
      name: `Main thread before FCP, bare page${site}`,
      value: median(bare, (work) => work.totalMs),
      unit: 'ms',
      note: `the same, loaded just before each of ours`,
    }),
  ];
}

async function measureSizes(distDirectory: string): Promise<Figure[]> {
  const sizes = await measureBundleSizes(distDirectory);
  const kilobytes = (bytes: number) => bytes / KILOBYTE;
  return [
    describeFirstPageBytes(sizes, ''),
    createFigure({
      part: PART,
      name: 'First-page JS, gzip',
      value: kilobytes(sizes.firstPageJsGzipBytes),
      unit: 'kB',
      budget: { comparison: '<=', limit: 150 },
      note: `zlib level 9; ${sizes.firstPageFiles.filter((file) => file.endsWith('.js')).length} files from index.html`,
    }),
    createFigure({ part: PART, name: 'First-page CSS, gzip', value: kilobytes(sizes.firstPageCssGzipBytes), unit: 'kB' }),
    createFigure({
      part: PART,
      name: 'All of dist/assets, gzip',
      value: kilobytes(sizes.allAssetsGzipBytes),
      unit: 'kB',
      note: `${sizes.assetCount} files; JS alone ${kilobytes(sizes.allJsGzipBytes).toFixed(1)} kB`,
    }),
  ];
}

/**
 * The static site (npm run build:static) served by a plain static file server, no app
 * server behind it: Next there waits for the Service Worker that is the MCP server and the
 * mock model, which each fresh context installs anew, as a first visit does.
 */
async function measureStaticSite({
  browser,
  runs,
  paintPairs,
  staticDirectory,
  bareDirectory,
  log,
}: {
  browser: Browser;
  runs: number;
  paintPairs: number;
  staticDirectory: string;
  bareDirectory: string;
  log: Log;
}): Promise<Figure[]> {
  const sizes = await measureBundleSizes(staticDirectory);
  const site = await serveStaticDirectory(staticDirectory);
  const bareSite = await serveStaticDirectory(bareDirectory);
  try {
    const paints: number[] = [];
    const barePaints: number[] = [];
    const loads: NextWorks[] = [];
    await measurePaint(browser, `${site.url}/`);
    await measurePaint(browser, `${bareSite.url}/`);
    for (let index = 0; index < paintPairs; index++) {
      barePaints.push(await measurePaint(browser, `${bareSite.url}/`));
      paints.push(await measurePaint(browser, `${site.url}/`));
      if (index < runs) loads.push(await measureNextWorks(browser, `${site.url}/`));
    }
    log(`  ${paintPairs} loads of the static site and of the bare page (sirv, no app server), alternating, fresh context each; Next timed on ${runs}`);
    const traced = await traceBesideBare({ browser, url: `${site.url}/`, bareUrl: `${bareSite.url}/`, loads: runs, site: ', static site' });
    return [
      createFigure({
        part: PART,
        name: 'First-page JS, gzip, static site',
        value: sizes.firstPageJsGzipBytes / KILOBYTE,
        unit: 'kB',
        budget: { comparison: '<=', limit: 150 },
        note: 'zlib level 9; dist-static',
      }),
      describeFirstPageBytes(sizes, ', static site'),
      createFigure({ part: PART, name: 'First contentful paint, static site', value: computeMedian(paints), unit: 'ms', note: `median of ${paintPairs}` }),
      ...describeBarePaint({ ours: paints, bare: barePaints, site: ', static site' }),
      ...traced,
      ...describeNextWorks({ loads, paints, site: ', static site', extraNote: '; the Service Worker installed in each fresh context' }),
    ];
  } finally {
    await bareSite.close();
    await site.close();
  }
}

export async function measureFirstLoad({
  browser,
  quick,
  distDirectory,
  staticDirectory,
  log,
}: PartOptions & {
  browser: Browser;
  distDirectory: string;
  /** The built static site, measured too when given. */
  staticDirectory?: string;
}): Promise<{ figures: Figure[]; inspectorVersion: string | null }> {
  const figures = await measureSizes(distDirectory);
  const runs = quick ? 3 : 5;
  const paintPairs = quick ? QUICK_PAINT_PAIRS : PAINT_PAIRS;
  let inspector: FetchedInspector | undefined;
  let inspectorProblem: string | undefined;
  try {
    inspector = await fetchInspector();
    log(`  MCP Inspector ${inspector.version} fetched with npm pack`);
  } catch (error) {
    inspectorProblem = error instanceof Error ? error.message : String(error);
    log(`  NOT MEASURED: the Inspector comparison. ${inspectorProblem}`);
  }
  const barePage = await writeBarePage();
  // Our server, serving the bare page alone: the same headers, the same Node, its own process as ours has.
  const bareServer = await startServerProcess({ staticDirectory: barePage.directory });
  const app = await startServerProcess({ staticDirectory: distDirectory });
  const inspectorServer = inspector ? await serveStaticDirectory(inspector.clientDirectory) : undefined;
  try {
    const ours: number[] = [];
    const bare: number[] = [];
    const theirs: number[] = [];
    const loads: NextWorks[] = [];
    // One load of each first, not counted: the server's and the disk's first touch is not the page's cost.
    await measurePaint(browser, `${app.url}/`);
    await measurePaint(browser, `${bareServer.url}/`);
    if (inspectorServer) await measurePaint(browser, `${inspectorServer.url}/`);
    for (let index = 0; index < paintPairs; index++) {
      bare.push(await measurePaint(browser, `${bareServer.url}/`));
      ours.push(await measurePaint(browser, `${app.url}/`));
      if (index >= runs) continue;
      if (inspectorServer) theirs.push(await measurePaint(browser, `${inspectorServer.url}/`));
      loads.push(await measureNextWorks(browser, `${app.url}/`));
    }
    log(`  ${paintPairs} loads of ours and of the bare page, alternating, fresh context each; the Inspector and Next on ${runs}`);
    const traced = await traceBesideBare({ browser, url: `${app.url}/`, bareUrl: `${bareServer.url}/`, loads: runs, site: '' });
    figures.push(
      createFigure({ part: PART, name: 'First contentful paint, ours', value: computeMedian(ours), unit: 'ms', note: `median of ${paintPairs}` }),
      ...describeBarePaint({ ours, bare, site: '' }),
      ...traced,
      // The first step should come as fast as the first paint: step 1 is shown before the engine exists, from the first page.
      ...describeNextWorks({ loads, paints: ours, site: ', ours' }),
    );
    if (inspector) {
      const ratio = computeMedian(ours) / computeMedian(theirs);
      figures.push(
        createFigure({
          part: PART,
          name: `First contentful paint, MCP Inspector ${inspector.version}`,
          value: computeMedian(theirs),
          unit: 'ms',
          note: `median of ${runs}, same run`,
        }),
        createFigure({ part: PART, name: 'FCP ours / Inspector', value: ratio, unit: '×', budget: { comparison: '<=', limit: 0.4 } }),
      );
    } else {
      figures.push(
        createUnmeasuredFigure({
          part: PART,
          name: 'FCP ours / Inspector',
          unit: '×',
          budget: { comparison: '<=', limit: 0.4 },
          note: `npm pack failed: ${inspectorProblem}`,
        }),
      );
    }
    if (staticDirectory) figures.push(...(await measureStaticSite({ browser, runs, paintPairs, staticDirectory, bareDirectory: barePage.directory, log })));
    return { figures, inspectorVersion: inspector?.version ?? null };
  } finally {
    await inspectorServer?.close();
    await app.stop();
    await bareServer.stop();
    await barePage.remove();
    await inspector?.remove();
  }
}
