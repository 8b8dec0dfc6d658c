import { createFigure, type Figure } from './figures.ts';
import { checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { formatMegabytes, runWorkers } from './run-workers.ts';
import { startServerProcess, type ServerProcess } from './start-server-process.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 7 (issue 19): a class. 200 learners, each running whole lifecycles through the host
 * engine with a session of its own (/mcp/sessions: initialize, the GET stream, tools/call,
 * DELETE), against one server for a minute. Every lifecycle must give the right answer;
 * the server's heap after a GC is sampled as it goes, so memory that keeps growing with
 * the sessions opened and closed shows as a slope, not only as a before and after.
 */

const PART = 'Class';
const LEARNERS = 200;
const HEAP_SAMPLE_MS = 10_000;
/**
 * Budgets for a class on one machine (issue 44), from the run of 2026-12-01 (about 125 lifecycles a second, p99 2.5 s)
 * with room for a shared machine's load: a learner steps through a lifecycle over many seconds, so 50 whole lifecycles a
 * second for 200 learners is far more than a class asks. The server runs in its own process, the learners in the bench's.
 */
const CLASS_BUDGETS = { lifecyclesPerSecond: { comparison: '>=', limit: 50 }, p99Ms: { comparison: '<=', limit: 5000 } } as const;

type HeapPoint = { atSeconds: number; heapUsedBytes: number };

/** Samples the server's heap every few seconds until stopped. */
function sampleHeap(server: ServerProcess, started: number): { points: HeapPoint[]; stop: () => Promise<void> } {
  const points: HeapPoint[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
      if (stopped) break;
      const heap = await server.measureHeap();
      points.push({ atSeconds: (performance.now() - started) / 1000, heapUsedBytes: heap.heapUsedBytes });
    }
  })();
  return {
    points,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

export async function measureClass({ quick, log }: { quick: boolean; log: (line: string) => void }): Promise<Figure[]> {
  const seconds = quick ? 20 : 60;
  const server = await startServerProcess();
  try {
    const before = await server.measureHeap();
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const started = performance.now();
    const heap = sampleHeap(server, started);
    await runWorkers({
      workers: LEARNERS,
      until: started + seconds * 1000,
      task: async () => {
        const begun = performance.now();
        try {
          const problem = checkEngineAnswer(await runEngineLifecycle({ serverUrl: server.url, mcpUrl: `${server.url}/mcp/sessions` }));
          if (problem) throw new Error(problem);
          latencies.push(performance.now() - begun);
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      },
    });
    const elapsed = (performance.now() - started) / 1000;
    await heap.stop();
    const after = await server.measureHeap();
    const completed = latencies.length;
    log(
      `  ${completed + errors} lifecycles in ${elapsed.toFixed(0)} s, ${LEARNERS} learners each with a session${firstError ? `; first error: ${firstError}` : ''}`,
    );
    log(
      `  server heap after GC, MB: ${[before.heapUsedBytes, ...heap.points.map((point) => point.heapUsedBytes), after.heapUsedBytes].map((bytes) => (bytes / 1024 / 1024).toFixed(1)).join(' → ')}`,
    );
    // Flat: once every learner has a session open, the heap should not keep climbing; the first sample is after that warm-up.
    const warm = heap.points[0]?.heapUsedBytes ?? before.heapUsedBytes;
    const last = heap.points.at(-1)?.heapUsedBytes ?? after.heapUsedBytes;
    const peak = Math.max(warm, ...heap.points.map((point) => point.heapUsedBytes));
    return [
      createFigure({
        part: PART,
        name: `Errors, ${LEARNERS} learners with a session each for ${seconds} s`,
        value: errors,
        unit: '',
        budget: { comparison: '<=', limit: 0 },
        note: `${completed} lifecycles completed`,
      }),
      createFigure({ part: PART, name: 'Class lifecycle latency, p50', value: computePercentile(latencies, 50), unit: 'ms' }),
      createFigure({
        part: PART,
        name: 'Class lifecycles per second',
        value: completed / elapsed,
        unit: '/s',
        budget: CLASS_BUDGETS.lifecyclesPerSecond,
        note: `whole lifecycles, each with a session of its own; the load from another process than the server's`,
      }),
      createFigure({ part: PART, name: 'Class lifecycle latency, p99', value: computePercentile(latencies, 99), unit: 'ms', budget: CLASS_BUDGETS.p99Ms }),
      createFigure({
        part: PART,
        name: 'Server heap growth, first sample → last',
        value: (last - warm) / 1024 / 1024,
        unit: 'MB',
        budget: { comparison: '<=', limit: 5 },
        note: `samples every ${HEAP_SAMPLE_MS / 1000} s after GC; ${formatMegabytes(before.heapUsedBytes)} before, ${formatMegabytes(after.heapUsedBytes)} after the class left`,
      }),
      createFigure({
        part: PART,
        name: 'Server heap with the class in it, peak',
        value: peak / 1024 / 1024,
        unit: 'MB',
        note: `after GC, the highest sample; ${LEARNERS} sessions open`,
      }),
    ];
  } finally {
    await server.stop();
  }
}
