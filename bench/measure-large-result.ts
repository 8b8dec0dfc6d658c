import type { Browser } from '@playwright/test';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openAppWithTrace } from './import-trace-file.ts';
import { openContext } from './launch-browser.ts';
import { readLongestTask, startLongTaskWatch, timeNextPresses, timeScrollToEnd } from './page-probes.ts';
import type { RecordedTrace } from './record-traces.ts';
import { computeMedian } from './statistics.ts';

/**
 * Part 4: a real trace whose MCP tool returned about 1 MB of text, imported into the
 * page. Next through every step; the press that shows the server's tools/call answer is
 * the figure with the budget, the slowest press onto any step that carries the megabyte
 * is reported beside it; then the payload view is scrolled to its end.
 */

const PART = 'UI, 1 MB tool result';
const LARGE_STEP_ID = 'mcp.tools-call.response';
const MEGABYTE_STEP_BYTES = 1_000_000;

type Run = {
  resultShown: number;
  slowestLarge: number;
  slowestLargeId: string;
  scroll: number;
  scrolledPixels: number;
  longestTask: number;
  backFromLarge: number;
};

async function measureOnce(browser: Browser, appUrl: string, trace: RecordedTrace): Promise<Run> {
  const steps = trace.trace.steps;
  const largeIndex = steps.findIndex((step) => step.id === LARGE_STEP_ID);
  if (largeIndex < 0) throw new Error(`The large-result trace has no ${LARGE_STEP_ID} step.`);
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await openAppWithTrace(page, { appUrl, tracePath: trace.path });
    await page.evaluate(startLongTaskWatch);
    // Presses from step 1 up to the tools/call answer; time [i] is the press that shows steps[i + 1].
    const times = await page.evaluate(timeNextPresses, largeIndex);
    const scroll = await page.evaluate(timeScrollToEnd);
    // Responsive means the learner can move on at once: Back from the megabyte, timed the same way as Next.
    const backFromLarge = await page.evaluate(async () => {
      const started = performance.now();
      const before = document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n');
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
      while (document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === before)
        await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - started;
    });
    await page.evaluate(timeNextPresses, 1);
    const rest = await page.evaluate(timeNextPresses, steps.length - 1 - (largeIndex + 1));
    const allTimes = [...times, ...rest.map((time) => time)];
    const shownIds = [...steps.slice(1, largeIndex + 1), ...steps.slice(largeIndex + 2)];
    let slowestLarge = 0;
    let slowestLargeId = '';
    shownIds.forEach((step, index) => {
      if (JSON.stringify(step).length < MEGABYTE_STEP_BYTES) return;
      if (allTimes[index]! > slowestLarge) {
        slowestLarge = allTimes[index]!;
        slowestLargeId = step.id;
      }
    });
    return {
      resultShown: times.at(-1)!,
      slowestLarge,
      slowestLargeId,
      scroll: scroll.ms,
      scrolledPixels: scroll.scrolledPixels,
      longestTask: await page.evaluate(readLongestTask),
      backFromLarge,
    };
  } finally {
    await context.close();
  }
}

export async function measureLargeResult({
  browser,
  appUrl,
  trace,
  quick,
  log,
}: PagePartOptions & {
  trace: RecordedTrace & { reportLength: number };
}): Promise<Figure[]> {
  const runs: Run[] = [];
  const count = quick ? 2 : 5;
  for (let index = 0; index < count; index++) runs.push(await measureOnce(browser, appUrl, trace));
  log(`  tool result of ${(trace.reportLength / 1e6).toFixed(2)} MB of text; trace file ${(trace.bytes / 1e6).toFixed(1)} MB; ${count} runs`);
  const median = (pick: (run: Run) => number) => computeMedian(runs.map(pick));
  return [
    createFigure({
      part: PART,
      name: 'Next → tools/call answer (1 MB) shown',
      value: median((run) => run.resultShown),
      unit: 'ms',
      budget: { comparison: '<=', limit: 300 },
      note: `median of ${count}`,
    }),
    createFigure({
      part: PART,
      name: 'Next → slowest step holding the 1 MB',
      value: median((run) => run.slowestLarge),
      unit: 'ms',
      budget: { comparison: '<=', limit: 300 },
      note: `slowest was ${runs[0]!.slowestLargeId}`,
    }),
    createFigure({
      part: PART,
      name: 'Scroll the payload view to its end',
      value: median((run) => run.scroll),
      unit: 'ms',
      note: `until painted; ${Math.round(median((run) => run.scrolledPixels))} px scrolled`,
    }),
    createFigure({ part: PART, name: 'Back from the 1 MB step', value: median((run) => run.backFromLarge), unit: 'ms', note: 'the view stays responsive' }),
    createFigure({
      part: PART,
      name: 'Longest main-thread task',
      value: median((run) => run.longestTask),
      unit: 'ms',
      note: 'over the whole walk, 0 = none over 50 ms',
    }),
  ];
}
