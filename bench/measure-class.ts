import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { formatMegabytes, runWorkers } from './run-workers.ts';
import { startServerProcess, type ServerProcess } from './start-server-process.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 7 (issue 19): a class. 200 learners, each running whole lifecycles through the host
 * engine with a session of its own (/mcp/sessions: initialize, the GET stream, tools/call,
 * DELETE), against one server for a minute. Every lifecycle must give the right answer;
 * the server's heap after a GC is sampled as it goes (in the log), and what the class left
 * behind once its sessions closed is held to a budget.
 */

const PART = 'Class';
const LEARNERS = 200;
const HEAP_SAMPLE_MS = 10_000;
/**
 * The warm-up class's length. The figure was once the heap's growth from the first sample (10 s in) to the last: the
 * first sample fell in the class's own warm-up (26.7 MB before, then 37.2 → 49.3 → 46.8 → 43.9 → 44.4 MB, 33.5 after
 * the class left; 2026-12-05), so it read +7.2 MB where the heap had fallen since its peak.
 */
const WARM_UP_SECONDS = 10;
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

type ClassRun = { latencies: number[]; errors: number; firstError?: string; elapsed: number };

/** Every learner runs whole lifecycles, each with a session of its own, until `seconds` have passed. */
async function runClass(server: ServerProcess, seconds: number): Promise<ClassRun> {
  const run: ClassRun = { latencies: [], errors: 0, elapsed: 0 };
  const started = performance.now();
  await runWorkers({
    workers: LEARNERS,
    until: started + seconds * 1000,
    task: async () => {
      const begun = performance.now();
      try {
        const problem = checkEngineAnswer(await runEngineLifecycle({ serverUrl: server.url, mcpUrl: `${server.url}/mcp/sessions` }));
        if (problem) throw new Error(problem);
        run.latencies.push(performance.now() - begun);
      } catch (error) {
        run.errors++;
        run.firstError ??= error instanceof Error ? error.message : String(error);
      }
    },
  });
  run.elapsed = (performance.now() - started) / 1000;
  return run;
}

export async function measureClass({ quick, log }: PartOptions): Promise<Figure[]> {
  const seconds = quick ? 20 : 60;
  const server = await startServerProcess();
  try {
    // A class before the class, not counted: the server's first sessions compile its code and fill its caches, which a
    // heap taken before would count as the class's. The heap after the class is then held to the heap after this one.
    const warmUp = await runClass(server, WARM_UP_SECONDS);
    const before = await server.measureHeap();
    const heap = sampleHeap(server, performance.now());
    const { latencies, errors, firstError, elapsed } = await runClass(server, seconds);
    await heap.stop();
    const after = await server.measureHeap();
    const completed = latencies.length;
    log(
      `  ${completed + errors} lifecycles in ${elapsed.toFixed(0)} s, ${LEARNERS} learners each with a session, after ${warmUp.latencies.length + warmUp.errors} in a ${WARM_UP_SECONDS} s warm-up${(firstError ?? warmUp.firstError) ? `; first error: ${firstError ?? warmUp.firstError}` : ''}`,
    );
    log(
      `  server heap after GC, MB: ${[before.heapUsedBytes, ...heap.points.map((point) => point.heapUsedBytes), after.heapUsedBytes].map((bytes) => (bytes / 1024 / 1024).toFixed(1)).join(' → ')}`,
    );
    const peak = Math.max(before.heapUsedBytes, ...heap.points.map((point) => point.heapUsedBytes));
    return [
      createFigure({
        part: PART,
        name: `Errors, ${LEARNERS} learners with a session each for ${seconds} s`,
        value: errors + warmUp.errors,
        unit: '',
        budget: { comparison: '<=', limit: 0 },
        note: `${completed} lifecycles completed${warmUp.errors > 0 ? `; ${warmUp.errors} of the errors in the warm-up` : ''}`,
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
        name: 'Server heap the class left behind',
        value: (after.heapUsedBytes - before.heapUsedBytes) / 1024 / 1024,
        unit: 'MB',
        budget: { comparison: '<=', limit: 5 },
        note: `after GC, once every learner's session was closed, against the heap after a ${WARM_UP_SECONDS} s class before it: ${formatMegabytes(before.heapUsedBytes)} → ${formatMegabytes(after.heapUsedBytes)}; the samples every ${HEAP_SAMPLE_MS / 1000} s are in the log`,
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
