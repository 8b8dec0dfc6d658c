import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { createLifecycleRun } from '../src/lifecycle/engine.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openAppWithTrace } from './import-trace-file.ts';
import { openContext } from './launch-browser.ts';
import { BENCH_QUESTION } from './run-engine-lifecycle.ts';
import { writeTrace, type RecordedTrace } from './record-traces.ts';
import { computeMedian, computePercentile } from './statistics.ts';

/**
 * A streamed reply of 5,000 frames in the page: a Chat Completions server of the bench's
 * own streams an answer one word per chunk, the host records it for real (it reads every
 * frame as it arrives), and the page replays the trace. The figures are the frame times
 * while the Streamed reply tab plays the frames, and the press of "End of the reply"
 * (all 5,000 frames read at once) until it is painted.
 */

const PART = 'Streamed reply';
export const STREAMED_FRAMES = 5000;

/** An OpenAI-compatible server that answers every request with one long streamed answer. */
async function startLongStreamServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
  const body = [
    chunk({ role: 'assistant', content: '' }, null),
    ...Array.from({ length: STREAMED_FRAMES - 2 }, (_, index) => chunk({ content: `word${index} ` }, null)),
    chunk({}, 'stop'),
    'data: [DONE]\n\n',
  ].join('');
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function recordStreamedTrace({ serverUrl, folder }: { serverUrl: string; folder: string }): Promise<RecordedTrace> {
  const provider = await startLongStreamServer();
  try {
    const trace = await createLifecycleRun({
      question: BENCH_QUESTION,
      era: '2025-11-25',
      mcpUrl: `${serverUrl}/mcp`,
      provider: { wire: 'openai-chat', kind: 'real', baseUrl: provider.baseUrl, model: 'bench-model', stream: true },
      networkTimeoutMs: 30_000,
      autoRelease: true,
    }).start();
    const reply = trace.steps.find((step) => step.id === 'provider.response.answer');
    const frames = reply?.http?.sse?.length ?? 0;
    if (trace.status !== 'complete' || frames < STREAMED_FRAMES) throw new Error(`The streamed run ended ${trace.status} with ${frames} frames recorded.`);
    return await writeTrace(folder, 'streamed-trace.json', trace);
  } finally {
    await provider.close();
  }
}

/** Frame intervals for `windowMs` after pressing the test id's button, and the time until the tab shows `shown` frames. */
function pressAndWatch({
  testId,
  windowMs,
  shown,
}: {
  testId: string;
  windowMs: number;
  shown?: number;
}): Promise<{ deltas: number[]; reachedMs: number | null }> {
  const button = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
  if (!button) throw new Error(`No ${testId} button on the page.`);
  const playback = () => document.querySelector('[data-testid="stream-playback"]');
  const started = performance.now();
  button.click();
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let reachedMs: number | null = null;
    let previous: number | undefined;
    const onFrame = (time: number) => {
      if (previous !== undefined) deltas.push(time - previous);
      previous = time;
      if (reachedMs === null && shown !== undefined && playback()?.getAttribute('data-shown') === String(shown)) reachedMs = performance.now() - started;
      if (time - started < windowMs) requestAnimationFrame(onFrame);
      else resolve({ deltas, reachedMs });
    };
    requestAnimationFrame(onFrame);
  });
}

async function measureOnce(browser: Browser, appUrl: string, trace: RecordedTrace): Promise<{ p95: number; endMs: number }> {
  const replyIndex = trace.trace.steps.findIndex((step) => step.id === 'provider.response.answer');
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await openAppWithTrace(page, { appUrl, tracePath: trace.path });
    for (let step = 0; step < replyIndex; step++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === String(n), replyIndex + 1);
    await page.getByRole('tab', { name: 'Streamed reply' }).click();
    await page.getByTestId('stream-playback').waitFor();
    await page.getByTestId('stream-playback').getByRole('button', { name: 'Start', exact: true }).click();
    const playing = await page.evaluate(pressAndWatch, { testId: 'stream-play', windowMs: 3000 });
    await page.getByTestId('stream-play').click();
    const total = Number(await page.getByTestId('stream-playback').getAttribute('data-total'));
    await page.getByTestId('stream-playback').getByRole('button', { name: 'Start', exact: true }).click();
    const end = await page.evaluate(pressAndWatch, { testId: 'stream-end', windowMs: 1500, shown: total });
    if (end.reachedMs === null) throw new Error('"End of the reply" did not show every frame within 1.5 s.');
    return { p95: computePercentile(playing.deltas, 95), endMs: end.reachedMs };
  } finally {
    await context.close();
  }
}

export async function measureStreamedPlayback({
  browser,
  appUrl,
  trace,
  quick,
  log,
}: PagePartOptions & {
  trace: RecordedTrace;
}): Promise<Figure[]> {
  const count = quick ? 1 : 3;
  const runs = [];
  for (let index = 0; index < count; index++) runs.push(await measureOnce(browser, appUrl, trace));
  log(`  ${STREAMED_FRAMES} frames in one reply; trace file ${(trace.bytes / 1e6).toFixed(1)} MB; ${count} runs`);
  return [
    createFigure({
      part: PART,
      name: 'Frame time while 5,000 frames play, p95',
      value: computeMedian(runs.map((run) => run.p95)),
      unit: 'ms',
      budget: { comparison: '<=', limit: 20 },
      note: `3 s of playing, median of ${count}`,
    }),
    createFigure({
      part: PART,
      name: '"End of the reply" → 5,000 frames shown',
      value: computeMedian(runs.map((run) => run.endMs)),
      unit: 'ms',
      note: 'the reply read from its first frame',
    }),
  ];
}
