import type { Browser } from '@playwright/test';
import { MAX_TRACE_FILE_BYTES } from '../src/lifecycle/import-trace.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { timeNextPresses } from './page-probes.ts';
import type { RecordedTrace } from './record-traces.ts';
import { computeMedian, computePercentile } from './statistics.ts';

/**
 * Opening the longest real trace the importer takes, and moving through it. Issue 44 asks for
 * 10,000 steps; one real run cannot be that long and importable: every provider request
 * carries the conversation so far, so a run's bytes grow with the square of its rounds (504
 * steps are 1.9 MB, 1,514 are 11.8 MB) and the importer refuses a file over 20 MB. The bench
 * records the longest run under that limit instead and says how many steps it has.
 *
 * Beside it, in the same run and the same way, a shorter run of the same mock model (about
 * 400 steps): Next is pressed through the same first steps of both, so the ratio of their
 * times says whether a step's cost grows with the run's length, and nothing else. Opening
 * is also given against JSON.parse of the same file's text in the same page, the floor of
 * any import.
 */

const PART = 'UI, large import';
const PRESSES = 100;

type Opened = { openMs: number; parseMs: number; heapBytes: number; nextTimes: number[]; jumpMs: number; rows: number };

/** In the page before it loads: notes when the file input changes and when step 1 is on show after it. */
function installImportProbe(): void {
  const probe: { chosenAt?: number; shownAt?: number } = {};
  (window as unknown as { __importProbe: typeof probe }).__importProbe = probe;
  document.addEventListener('change', () => (probe.chosenAt ??= performance.now()), true);
  new MutationObserver(() => {
    if (probe.chosenAt !== undefined && probe.shownAt === undefined && document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === '1')
      probe.shownAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-n'] });
}

/** In the page: JSON.parse of the text the file input holds, timed (the page read it the same way). */
async function timeParseOfChosenFile(): Promise<number> {
  const input = document.querySelector<HTMLInputElement>('[data-testid="import-trace-input"]');
  const file = (window as unknown as { __chosenFile?: File }).__chosenFile ?? input?.files?.[0];
  if (!file) throw new Error('No file to parse.');
  const text = await file.text();
  const started = performance.now();
  JSON.parse(text);
  return performance.now() - started;
}

async function openOnce(browser: Browser, appUrl: string, trace: RecordedTrace, presses: number): Promise<Opened> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(installImportProbe);
    await page.goto(`${appUrl}/`, { waitUntil: 'load' });
    // The app empties the input once it has the file: the page keeps its own hold of it for the parse's timing.
    await page.evaluate(() =>
      document.addEventListener(
        'change',
        (event) => ((window as unknown as { __chosenFile?: File }).__chosenFile ??= (event.target as HTMLInputElement).files?.[0]),
        true,
      ),
    );
    await page.getByTestId('import-trace-input').setInputFiles(trace.path);
    await page.waitForFunction(() => (window as unknown as { __importProbe: { shownAt?: number } }).__importProbe.shownAt !== undefined, undefined, {
      timeout: 120_000,
      polling: 100,
    });
    const openMs = await page.evaluate(() => {
      const probe = (window as unknown as { __importProbe: { chosenAt: number; shownAt: number } }).__importProbe;
      return probe.shownAt - probe.chosenAt;
    });
    const heapBytes = await page.evaluate(() => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
    const nextTimes = await page.evaluate(timeNextPresses, presses);
    const rows = await page.getByTestId('timeline-step').count();
    // The last step, chosen with the timeline's scrubber as a learner jumps to the end (a long timeline draws only the rows near its view).
    const steps = trace.trace.steps.length;
    const started = performance.now();
    await page.getByTestId('timeline-scrubber').fill(String(steps - 1));
    await page.waitForFunction((n) => document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === String(n), steps, { timeout: 60_000 });
    const jumpMs = performance.now() - started;
    const parseMs = await page.evaluate(timeParseOfChosenFile);
    return { openMs, parseMs, heapBytes, nextTimes, jumpMs, rows };
  } finally {
    await context.close();
  }
}

export async function measureLargeImport({
  browser,
  appUrl,
  trace,
  referenceTrace,
  quick,
  log,
}: PagePartOptions & {
  trace: RecordedTrace;
  referenceTrace: RecordedTrace;
}): Promise<Figure[]> {
  const count = quick ? 2 : 5;
  const runs: Opened[] = [];
  const referenceRuns: Opened[] = [];
  // Interleaved, so the machine's load moves both alike.
  for (let index = 0; index < count; index++) {
    runs.push(await openOnce(browser, appUrl, trace, PRESSES));
    referenceRuns.push(await openOnce(browser, appUrl, referenceTrace, PRESSES));
  }
  const steps = trace.trace.steps.length;
  const size = `${steps.toLocaleString('en')} steps, ${(trace.bytes / 1e6).toFixed(1)} MB (the importer takes ${MAX_TRACE_FILE_BYTES / 1024 / 1024} MB)`;
  log(`  a real trace of ${size}, beside one of ${referenceTrace.trace.steps.length} steps; ${count} opens of each, fresh context each`);
  const median = (of: Opened[], pick: (run: Opened) => number) => computeMedian(of.map(pick));
  const nextTimes = runs.flatMap((run) => run.nextTimes);
  const referenceNextTimes = referenceRuns.flatMap((run) => run.nextTimes);
  const nextP95 = computePercentile(nextTimes, 95);
  const referenceNextP95 = computePercentile(referenceNextTimes, 95);
  const openMs = median(runs, (run) => run.openMs);
  const parseMs = median(runs, (run) => run.parseMs);
  return [
    createFigure({
      part: PART,
      name: 'Open an imported trace → step 1 shown',
      value: openMs,
      unit: 'ms',
      budget: { comparison: '<=', limit: 2000 },
      note: `${size}; from the file chosen; median of ${count}`,
    }),
    createFigure({
      part: PART,
      name: 'Open / JSON.parse of its text in the page',
      value: openMs / parseMs,
      unit: '×',
      note: `JSON.parse ${parseMs.toFixed(0)} ms, median of ${count}: the floor of any import`,
    }),
    createFigure({
      part: PART,
      name: 'Page heap with the trace open',
      value: median(runs, (run) => run.heapBytes) / 1e6,
      unit: 'MB',
      budget: { comparison: '<=', limit: 400 },
      note: 'performance.memory.usedJSHeapSize',
    }),
    createFigure({
      part: PART,
      name: 'Next → step shown, p95, in the large trace',
      value: nextP95,
      unit: 'ms',
      budget: { comparison: '<=', limit: 50 },
      note: `${nextTimes.length} presses from step 1; p50 ${computePercentile(nextTimes, 50).toFixed(1)} ms`,
    }),
    createFigure({
      part: PART,
      name: 'Next p95, large trace / a shorter one',
      value: nextP95 / referenceNextP95,
      unit: '×',
      budget: { comparison: '<=', limit: 1.5 },
      note: `a step's cost against the run's length: the same first ${PRESSES} steps in a ${referenceTrace.trace.steps.length}-step run, ${referenceNextP95.toFixed(1)} ms (p50 ${computePercentile(referenceNextTimes, 50).toFixed(1)}), interleaved`,
    }),
    createFigure({
      part: PART,
      name: 'Timeline rows in the document',
      value: median(runs, (run) => run.rows),
      unit: 'rows',
      budget: { comparison: '<=', limit: 100 },
      note: `of ${steps} steps: a long timeline draws the rows near its view`,
    }),
    createFigure({
      part: PART,
      name: 'Jump to the last step (timeline scrubber)',
      value: median(runs, (run) => run.jumpMs),
      unit: 'ms',
      budget: { comparison: '<=', limit: 300 },
      note: 'the scrubber set until the inspector shows it, timed from the bench (Playwright round trips included)',
    }),
  ];
}
