import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { createFigure, type Figure } from './figures.ts';
import { measureHeapAfterGc } from './measure-heap.ts';
import { checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { formatMegabytes, runWorkers } from './run-workers.ts';
import { startServerProcess, type ServerProcess } from './start-server-process.ts';
import { callAddNumbers, closeLoadSession, openLoadSession } from './session-load-client.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 5: the server alone in its own process. tools/call throughput and latency with 50
 * clients, each with its own 2025-11-25 session on /mcp/sessions, calling add_numbers
 * in a loop; then its heap (after forced GC) before and after many engine lifecycles.
 *
 * The load clients are raw HTTP with keep-alive (session-load-client.ts), not the SDK
 * Client: on two cores the load generator shares the CPU with the server, and the SDK
 * Client's own cost per call was then measured as server latency. Each call is still a
 * real tools/call in a real session, its answer parsed and checked.
 */

const PART = 'Server';
const SESSIONS = 50;
/**
 * The server's own cost of a call, which a busy neighbour moves far less than the wall-clock rate: the server is one Node
 * process, so on the two shared cores its rate is at most this, and reaches it only when it has a core to itself.
 */
const CPU_THROUGHPUT_BUDGET = { comparison: '>=', limit: 3000 } as const;
/** Heap growth allowed after the lifecycles: 2 MB is about 200 bytes kept per lifecycle over 10,000, below what any per-run leak would leave. */
export const HEAP_GROWTH_LIMIT_MB = 2;

type Log = (line: string) => void;

/** The one-minute load average: the machine is shared, and a busy neighbour shows in every figure. */
function describeMachineLoad(): string {
  return `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;
}

async function measureThroughput(server: ServerProcess, seconds: number, log: Log): Promise<Figure[]> {
  // One keep-alive connection per session, as a client holding a session would keep.
  const agent = new Agent({ keepAlive: true, maxSockets: SESSIONS });
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => openLoadSession(`${server.url}/mcp/sessions`, agent)));
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const call = async (worker: number, counted: boolean) => {
    const a = worker;
    const b = latencies.length % 100;
    const started = performance.now();
    try {
      await callAddNumbers(sessions[worker]!, a, b);
      if (counted) latencies.push(performance.now() - started);
    } catch (error) {
      errors++;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  };
  // A short warm-up, not counted: the first calls pay for compiling the server's code paths.
  await runWorkers({ workers: SESSIONS, until: performance.now() + Math.min(3000, seconds * 200), task: (worker) => call(worker, false) });
  const loadBefore = describeMachineLoad();
  const serverCpuBefore = await server.measureCpu();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await runWorkers({ workers: SESSIONS, until: started + seconds * 1000, task: (worker) => call(worker, true) });
  const elapsed = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuSeconds = ((await server.measureCpu()) - serverCpuBefore) / 1e6;
  const loadAfter = describeMachineLoad();
  await Promise.all(sessions.map((session) => closeLoadSession(session).catch(() => {})));
  agent.destroy();
  log(
    `  ${latencies.length} tools/call in ${elapsed.toFixed(1)} s over ${SESSIONS} sessions; ${loadBefore} before, ${loadAfter} after${firstError ? `; first error: ${firstError}` : ''}`,
  );
  return [
    createFigure({
      part: PART,
      name: `tools/call throughput, ${SESSIONS} sessions`,
      value: latencies.length / elapsed,
      unit: 'calls/s',
      budget: { comparison: '>=', limit: 3000 },
      note: `${seconds} s; server in its own process; load: raw HTTP keep-alive clients, each answer parsed and checked; ${loadAfter}`,
    }),
    createFigure({
      part: PART,
      name: 'tools/call per server CPU-second',
      value: latencies.length / serverCpuSeconds,
      unit: 'calls/s',
      budget: CPU_THROUGHPUT_BUDGET,
      note: `${((serverCpuSeconds / latencies.length) * 1e6).toFixed(0)} µs of the server's CPU a call (its own accounting), ${(serverCpuSeconds / elapsed).toFixed(2)} of a core used; the load clients ${((clientCpu.user + clientCpu.system) / latencies.length).toFixed(0)} µs a call`,
    }),
    createFigure({
      part: PART,
      name: 'tools/call latency, p99',
      value: computePercentile(latencies, 99),
      unit: 'ms',
      budget: { comparison: '<=', limit: 50 },
      note: `p50 ${computePercentile(latencies, 50).toFixed(1)} ms`,
    }),
    createFigure({ part: PART, name: 'tools/call errors', value: errors, unit: '', budget: { comparison: '<=', limit: 0 } }),
  ];
}

async function measureMemory(server: ServerProcess, lifecycles: number, log: Log): Promise<Figure[]> {
  let errors = 0;
  let firstError: string | undefined;
  const runOne = async () => {
    try {
      const problem = checkEngineAnswer(await runEngineLifecycle({ serverUrl: server.url, mcpUrl: `${server.url}/mcp/sessions` }));
      if (problem) throw new Error(problem);
    } catch (error) {
      errors++;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  };
  // Warm-up first, so the "before" heap already holds compiled code and filled caches.
  await runWorkers({ workers: 20, tasks: Math.min(500, lifecycles / 10), task: runOne });
  const serverBefore = await server.measureHeap();
  const hostBefore = await measureHeapAfterGc();
  const started = performance.now();
  await runWorkers({ workers: 20, tasks: lifecycles, task: runOne });
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = await server.measureHeap();
  const hostAfter = await measureHeapAfterGc();
  const growth = (before: { heapUsedBytes: number }, after: { heapUsedBytes: number }) => (after.heapUsedBytes - before.heapUsedBytes) / 1024 / 1024;
  log(`  ${lifecycles} lifecycles on /mcp/sessions in ${seconds.toFixed(0)} s, 20 at a time${firstError ? `; first error: ${firstError}` : ''}`);
  return [
    createFigure({
      part: PART,
      name: `Server heap growth over ${lifecycles} lifecycles`,
      value: growth(serverBefore, serverAfter),
      unit: 'MB',
      budget: { comparison: '<=', limit: HEAP_GROWTH_LIMIT_MB },
      note: `heapUsed after GC ${formatMegabytes(serverBefore.heapUsedBytes)} → ${formatMegabytes(serverAfter.heapUsedBytes)}; rss ${formatMegabytes(serverAfter.rssBytes)}`,
    }),
    createFigure({
      part: PART,
      name: `Host engine heap growth over ${lifecycles} lifecycles`,
      value: growth(hostBefore, hostAfter),
      unit: 'MB',
      budget: { comparison: '<=', limit: HEAP_GROWTH_LIMIT_MB },
      note: `bench process: ${formatMegabytes(hostBefore.heapUsedBytes)} → ${formatMegabytes(hostAfter.heapUsedBytes)}`,
    }),
    createFigure({ part: PART, name: 'Lifecycle errors during the memory run', value: errors, unit: '', budget: { comparison: '<=', limit: 0 } }),
  ];
}

export async function measureServer({ quick, log }: { quick: boolean; log: Log }): Promise<Figure[]> {
  const server = await startServerProcess();
  try {
    const throughput = await measureThroughput(server, quick ? 5 : 30, log);
    const memory = await measureMemory(server, quick ? 1000 : 10_000, log);
    return [...throughput, ...memory];
  } finally {
    await server.stop();
  }
}
