import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { openContext } from './launch-browser.ts';

/**
 * What the page's main thread did before its first contentful paint, from a Chromium trace
 * (the DevTools protocol's Tracing): parsing the HTML, the stylesheets and the scripts it
 * runs, style, layout and paint. The wall clock of a first paint on a shared machine of two
 * cores moves with the neighbours' load far more than with the page; this is the page's own
 * work, the part of it that is ours.
 */

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'].join(',');
/** The main thread's work, by the trace's names; an event inside another counted one is not counted again. */
const WORK_KINDS: Record<string, string> = {
  ParseHTML: 'parse',
  'CSSParserImpl::parseStyleSheet': 'CSS parse',
  EvaluateScript: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
};

const TraceEventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  ts: z.number(),
  dur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  args: z.record(z.string(), z.unknown()).optional(),
});
type TraceEvent = z.infer<typeof TraceEventSchema>;

export type MainThreadWork = { totalMs: number; byKind: Record<string, number>; cssParseMs: number };

async function recordTrace(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    session.on('Tracing.dataCollected', ({ value }) => {
      for (const event of value) {
        const parsed = TraceEventSchema.safeParse(event);
        if (parsed.success) events.push(parsed.data);
      }
    });
    const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
    await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await session.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

/** The main thread's work from navigation start to the first contentful paint, by kind, in ms. */
export function sumWorkBeforePaint(events: readonly TraceEvent[]): MainThreadWork {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace holds no firstContentfulPaint.');
  const main = events.find((event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain');
  const work = events
    .filter((event) => event.pid === paint.pid && event.tid === main?.tid && event.ph === 'X' && event.ts <= paint.ts && WORK_KINDS[event.name] !== undefined)
    .sort((left, right) => left.ts - right.ts);
  const byKind: Record<string, number> = {};
  let totalMs = 0;
  let cssParseMs = 0;
  let countedUntil = -Infinity;
  for (const event of work) {
    const ms = Math.min(event.dur ?? 0, paint.ts - event.ts) / 1000;
    if (event.name === 'CSSParserImpl::parseStyleSheet') cssParseMs += ms;
    if (event.ts < countedUntil) continue;
    countedUntil = event.ts + (event.dur ?? 0);
    const kind = WORK_KINDS[event.name]!;
    byKind[kind] = (byKind[kind] ?? 0) + ms;
    totalMs += ms;
  }
  return { totalMs, byKind, cssParseMs };
}

export async function traceWorkBeforePaint(browser: Browser, url: string): Promise<MainThreadWork> {
  return sumWorkBeforePaint(await recordTrace(browser, url));
}
