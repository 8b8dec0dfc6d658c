import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { formatMegabytes, runWorkers } from './run-workers.ts';
import { startServerProcess } from './start-server-process.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 6 (issue 6): 50 lifecycles at a time through the engine, for a minute, against one
 * server in its own process: every one must end with the right answer.
 */

const PART = 'Load';
const CONCURRENT = 50;

export async function measureLoad({ quick, log }: PartOptions): Promise<Figure[]> {
  const seconds = quick ? 10 : 60;
  const server = await startServerProcess();
  try {
    const before = await server.measureHeap();
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const started = performance.now();
    await runWorkers({
      workers: CONCURRENT,
      until: started + seconds * 1000,
      task: async () => {
        const begun = performance.now();
        try {
          const problem = checkEngineAnswer(await runEngineLifecycle({ serverUrl: server.url }));
          if (problem) throw new Error(problem);
          latencies.push(performance.now() - begun);
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      },
    });
    const elapsed = (performance.now() - started) / 1000;
    const after = await server.measureHeap();
    log(`  ${latencies.length + errors} lifecycles in ${elapsed.toFixed(0)} s, ${CONCURRENT} at a time${firstError ? `; first error: ${firstError}` : ''}`);
    const growth = (after.heapUsedBytes - before.heapUsedBytes) / 1024 / 1024;
    return [
      createFigure({
        part: PART,
        name: `Errors, ${CONCURRENT} concurrent lifecycles for ${seconds} s`,
        value: errors,
        unit: '',
        budget: { comparison: '<=', limit: 0 },
        note: `${latencies.length} lifecycles completed (${(latencies.length / elapsed).toFixed(0)}/s)`,
      }),
      createFigure({ part: PART, name: 'Lifecycle latency, p50', value: computePercentile(latencies, 50), unit: 'ms' }),
      createFigure({ part: PART, name: 'Lifecycle latency, p95', value: computePercentile(latencies, 95), unit: 'ms' }),
      createFigure({ part: PART, name: 'Lifecycle latency, p99', value: computePercentile(latencies, 99), unit: 'ms' }),
      createFigure({
        part: PART,
        name: 'Server heap before → after',
        value: growth,
        unit: 'MB',
        note: `heapUsed after GC ${formatMegabytes(before.heapUsedBytes)} → ${formatMegabytes(after.heapUsedBytes)}; rss ${formatMegabytes(after.rssBytes)}`,
      }),
    ];
  } finally {
    await server.stop();
  }
}
