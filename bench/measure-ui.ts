import type { Browser } from '@playwright/test';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { chooseMainView, openAppWithTrace } from './import-trace-file.ts';
import { openContext } from './launch-browser.ts';
import { collectFrameTimes, timeNextPresses } from './page-probes.ts';
import type { RecordedTrace } from './record-traces.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 3: the page on a long real trace (about 500 steps). Next to step shown, in each
 * main view, over many presses; then frame times while a message travels, with motion
 * allowed.
 */

const PART = 'UI, long trace';
const VIEW_LABELS = { graph: 'graph view', sequence: 'sequence view' } as const;

async function measureNextLatency(
  browser: Browser,
  input: { appUrl: string; trace: RecordedTrace; view: 'graph' | 'sequence'; presses: number },
): Promise<number[]> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await openAppWithTrace(page, { appUrl: input.appUrl, tracePath: input.trace.path });
    if (input.view !== 'graph') await chooseMainView(page, input.view);
    return await page.evaluate(timeNextPresses, input.presses);
  } finally {
    await context.close();
  }
}

async function measureFrames(
  browser: Browser,
  input: { appUrl: string; trace: RecordedTrace; view: 'graph' | 'sequence'; presses: number },
): Promise<number[]> {
  const context = await openContext(browser, { reducedMotion: 'no-preference' });
  try {
    const page = await context.newPage();
    await openAppWithTrace(page, { appUrl: input.appUrl, tracePath: input.trace.path });
    if (input.view !== 'graph') await chooseMainView(page, input.view);
    // Into the middle of the trace first: the lists are long there, as a learner deep in a run sees them.
    await page.evaluate(timeNextPresses, 40);
    return await page.evaluate(collectFrameTimes, { presses: input.presses, windowMs: 900 });
  } finally {
    await context.close();
  }
}

export async function measureUi({
  browser,
  appUrl,
  trace,
  quick,
  log,
}: PagePartOptions & {
  trace: RecordedTrace;
}): Promise<Figure[]> {
  const steps = trace.trace.steps.length;
  const presses = quick ? 100 : steps - 1;
  const figures: Figure[] = [];
  log(`  trace of ${steps} steps (${(trace.bytes / 1e6).toFixed(1)} MB), imported; ${presses} presses of Next per view`);
  for (const view of ['graph', 'sequence'] as const) {
    const times = await measureNextLatency(browser, { appUrl, trace, view, presses });
    figures.push(
      createFigure({
        part: PART,
        name: `Next → step shown, p50, ${VIEW_LABELS[view]}`,
        value: computePercentile(times, 50),
        unit: 'ms',
        note: `${times.length} presses, ${steps}-step trace`,
      }),
      createFigure({
        part: PART,
        name: `Next → step shown, p95, ${VIEW_LABELS[view]}`,
        value: computePercentile(times, 95),
        unit: 'ms',
        budget: { comparison: '<=', limit: 50 },
        note: `max ${Math.max(...times).toFixed(0)} ms`,
      }),
    );
  }
  const framePresses = quick ? 4 : 10;
  for (const view of ['graph', 'sequence'] as const) {
    const deltas = await measureFrames(browser, { appUrl, trace, view, presses: framePresses });
    figures.push(
      createFigure({
        part: PART,
        name: `Frame time while a message travels, p95, ${VIEW_LABELS[view]}`,
        value: computePercentile(deltas, 95),
        unit: 'ms',
        budget: { comparison: '<=', limit: 20 },
        note: `${deltas.length} frames over ${framePresses} travels; p50 ${computePercentile(deltas, 50).toFixed(1)} ms`,
      }),
    );
  }
  return figures;
}
