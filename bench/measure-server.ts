import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { measureHeapAfterGc } from './measure-heap.ts';
import { checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { formatMegabytes, runWorkers } from './run-workers.ts';
import { startServerProcess, type ServerProcess } from './start-server-process.ts';
import { callAddNumbers, closeLoadSession, openLoadSession, type LoadSession } from './session-load-client.ts';
import { computePercentile } from './statistics.ts';

/**
 * Part 5: the server alone in its own process. tools/call throughput, CPU and latency with
 * 50 clients, each with its own 2025-11-25 session on /mcp/sessions, calling add_numbers
 * in a loop, in turns with the official SDK's bare server under the same load (the floor);
 * then its heap (after forced GC) before and after many engine lifecycles.
 *
 * The load clients are raw HTTP with keep-alive (session-load-client.ts), not the SDK
 * Client: on two cores the load generator shares the CPU with the server, and the SDK
 * Client's own cost per call was then measured as server latency. Each call is still a
 * real tools/call in a real session, its answer parsed and checked.
 */

const PART = 'Server';
const SESSIONS = 50;
/** Ours and the reference take turns this many times each, so a neighbour's burst falls on both alike. */
const ROUNDS = 6;
/**
 * Our server's CPU for a call against the official SDK's bare server's (start-bare-sdk-server.ts), both measured in
 * the same run by their own processes' accounting. Ours is that server plus what the explorer is for (every exchange
 * recorded for the page, the event store a stream resumes from, the session limits); the ceiling keeps that from
 * growing. A rate in calls a second was the budget before (3,000): on two shared cores it measured the neighbours
 * (2,503 to 2,984 in whole runs of the same code), and the SDK's own server beside ours barely did (3,109). Ours used
 * 1.22× the bare server's CPU a call in the run that set this ceiling (426 against 348 µs, 2026-12-05).
 */
const CPU_RATIO_BUDGET = { comparison: '<=', limit: 1.5 } as const;
/**
 * Was 50 ms: a time on a shared machine (46 and 53 ms in two whole runs of the same code). Ours answered at 1.5× the
 * bare server's p99 in the run that set this (47.8 against 32.2 ms, 2026-12-05).
 */
const LATENCY_RATIO_BUDGET = { comparison: '<=', limit: 2 } as const;
/** Heap growth allowed after the lifecycles: 2 MB is about 200 bytes kept per lifecycle over 10,000, below what any per-run leak would leave. */
export const HEAP_GROWTH_LIMIT_MB = 2;

type Log = (line: string) => void;

/** The one-minute load average: the machine is shared, and a busy neighbour shows in every figure. */
function describeMachineLoad(): string {
  return `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;
}

/** One server under load: its sessions, and what its turns have measured so far. */
type LoadedServer = {
  server: ServerProcess;
  sessions: LoadSession[];
  agent: Agent;
  latencies: number[];
  seconds: number;
  cpuSeconds: number;
  errors: number;
  firstError?: string;
};

async function openLoadedServer(server: ServerProcess): Promise<LoadedServer> {
  // One keep-alive connection per session, as a client holding a session would keep.
  const agent = new Agent({ keepAlive: true, maxSockets: SESSIONS });
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => openLoadSession(`${server.url}/mcp/sessions`, agent)));
  return { server, sessions, agent, latencies: [], seconds: 0, cpuSeconds: 0, errors: 0 };
}

/** Every session calls add_numbers in a loop for `seconds`; counted, the calls and the server's CPU are added to its sums. */
async function takeTurn(side: LoadedServer, seconds: number, counted: boolean): Promise<void> {
  const call = async (worker: number) => {
    const b = side.latencies.length % 100;
    const started = performance.now();
    try {
      await callAddNumbers(side.sessions[worker]!, worker, b);
      if (counted) side.latencies.push(performance.now() - started);
    } catch (error) {
      side.errors++;
      side.firstError ??= error instanceof Error ? error.message : String(error);
    }
  };
  const cpuBefore = await side.server.measureCpu();
  const started = performance.now();
  await runWorkers({ workers: SESSIONS, until: started + seconds * 1000, task: call });
  if (!counted) return;
  side.seconds += (performance.now() - started) / 1000;
  side.cpuSeconds += ((await side.server.measureCpu()) - cpuBefore) / 1e6;
}

async function closeLoadedServer(side: LoadedServer): Promise<void> {
  await Promise.all(side.sessions.map((session) => closeLoadSession(session).catch(() => {})));
  side.agent.destroy();
}

const microsecondsPerCall = (side: LoadedServer) => (side.cpuSeconds / side.latencies.length) * 1e6;

async function measureThroughput(ours: ServerProcess, reference: ServerProcess, seconds: number, log: Log): Promise<Figure[]> {
  const sides = [await openLoadedServer(ours), await openLoadedServer(reference)] as const;
  const [explorer, bare] = sides;
  // A short warm-up each, not counted: the first calls pay for compiling the servers' code paths.
  for (const side of sides) await takeTurn(side, Math.min(3, seconds / 5), false);
  const loadBefore = describeMachineLoad();
  const clientCpuBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) for (const side of sides) await takeTurn(side, seconds / ROUNDS, true);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const loadAfter = describeMachineLoad();
  await Promise.all(sides.map(closeLoadedServer));
  if (bare.errors > 0) throw new Error(`The SDK's bare server failed ${bare.errors} calls (first: ${bare.firstError}): the reference is broken, so no ratio.`);
  const rate = (side: LoadedServer) => side.latencies.length / side.seconds;
  log(
    `  ours: ${explorer.latencies.length} tools/call in ${explorer.seconds.toFixed(1)} s, ${microsecondsPerCall(explorer).toFixed(0)} µs of server CPU each; ` +
      `the SDK's bare server: ${bare.latencies.length} in ${bare.seconds.toFixed(1)} s, ${microsecondsPerCall(bare).toFixed(0)} µs each; ` +
      `${SESSIONS} sessions each, ${ROUNDS} turns each; ${loadBefore} before, ${loadAfter} after${explorer.firstError ? `; first error: ${explorer.firstError}` : ''}`,
  );
  return [
    createFigure({
      part: PART,
      name: `tools/call throughput, ${SESSIONS} sessions`,
      value: rate(explorer),
      unit: 'calls/s',
      note: `the SDK's bare server ${rate(bare).toFixed(0)} calls/s in turns beside it (${(rate(explorer) / rate(bare)).toFixed(2)} ×); ${seconds} s each; each server in its own process; load: raw HTTP keep-alive clients, each answer parsed and checked; ${loadAfter}`,
    }),
    createFigure({
      part: PART,
      name: 'Server CPU a tools/call, ours / the SDK’s bare server',
      value: microsecondsPerCall(explorer) / microsecondsPerCall(bare),
      unit: '×',
      budget: CPU_RATIO_BUDGET,
      note: `ours ${microsecondsPerCall(explorer).toFixed(0)} µs (${(explorer.cpuSeconds / explorer.seconds).toFixed(2)} of a core), the bare server ${microsecondsPerCall(bare).toFixed(0)} µs, each by its own process's accounting; the load clients ${((clientCpu.user + clientCpu.system) / (explorer.latencies.length + bare.latencies.length)).toFixed(0)} µs a call`,
    }),
    createFigure({
      part: PART,
      name: 'tools/call latency, p99',
      value: computePercentile(explorer.latencies, 99),
      unit: 'ms',
      note: `p50 ${computePercentile(explorer.latencies, 50).toFixed(1)} ms; the bare server's p99 ${computePercentile(bare.latencies, 99).toFixed(1)} ms, p50 ${computePercentile(bare.latencies, 50).toFixed(1)} ms`,
    }),
    createFigure({
      part: PART,
      name: 'tools/call latency p99, ours / the SDK’s bare server',
      value: computePercentile(explorer.latencies, 99) / computePercentile(bare.latencies, 99),
      unit: '×',
      budget: LATENCY_RATIO_BUDGET,
      note: `the same ${SESSIONS} sessions' load on each, in turns`,
    }),
    createFigure({ part: PART, name: 'tools/call errors', value: explorer.errors, unit: '', budget: { comparison: '<=', limit: 0 } }),
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

export async function measureServer({ quick, log }: PartOptions): Promise<Figure[]> {
  const [server, reference] = await Promise.all([startServerProcess(), startServerProcess({ kind: 'bare-sdk' })]);
  try {
    const throughput = await measureThroughput(server, reference, quick ? 6 : 30, log);
    await reference.stop();
    const memory = await measureMemory(server, quick ? 1000 : 10_000, log);
    return [...throughput, ...memory];
  } finally {
    await Promise.all([server.stop(), reference.stop()]);
  }
}
