import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { createFuzzRequest, type FuzzRequest } from './generate-fuzz-request.ts';
import { createRandom, readFuzzSeed } from './seeded-random.ts';
import { sendFuzzRequest, type SessionPool } from './send-fuzz-request.ts';
import { createRawFuzzBytes, sendRawFuzz } from './send-raw-fuzz.ts';

/**
 * The whole server (MCP endpoints, sessions, mock model, the app's files) under
 * 10,000 malformed, truncated and random requests from 20 concurrent clients on
 * loopback. It must never crash (no unhandled error in this process, where it runs),
 * never hang (every answer complete within the timeout, except streams the client
 * walks away from on purpose), always answer well-formed HTTP with a documented
 * status and a JSON-RPC error where an MCP endpoint refuses, keep its memory and its
 * sessions bounded, and still run a normal lifecycle afterwards.
 *
 * Replay a run with FUZZ_SEED=<the seed it prints>; explore with FUZZ_SEED=random;
 * change the count with FUZZ_REQUESTS.
 */

const SEED = readFuzzSeed(process.env.FUZZ_SEED, 20260728);
const REQUEST_COUNT = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const WARMUP_COUNT = Math.min(500, Math.floor(REQUEST_COUNT / 10));
const CONCURRENCY = 20;
/** Generous: the slowest legitimate answer is count_slowly to 10, about 4 s. */
const ANSWER_TIMEOUT_MS = 15_000;
const RAW_SHARE = 0.05;
const SESSION_IDLE_MS = 1_000;
/** Heap growth allowed after a forced collection: far above a healthy run, far below a leak of 10,000 requests. */
const HEAP_GROWTH_LIMIT = 48 * 1024 * 1024;

type PlannedItem = { request: FuzzRequest } | { raw: ReturnType<typeof createRawFuzzBytes> };

let server: RunningServer | undefined;
let staticDirectory: string | undefined;
afterAll(async () => {
  await server?.close();
  if (staticDirectory) rmSync(staticDirectory, { recursive: true, force: true });
});

/** A full collection, when V8 lets this process ask for one; the heap figures are then comparable. */
function collectGarbage(): boolean {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    gc();
    return true;
  } catch {
    return false;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

describe('the server under fuzz', () => {
  it(`answers ${REQUEST_COUNT} malformed, truncated and random requests without crashing, hanging or leaking, then runs a lifecycle`, async () => {
    console.log(`server fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUEST_COUNT} requests, ${CONCURRENCY} at a time`);
    const processErrors: unknown[] = [];
    const recordProcessError = (error: unknown) => processErrors.push(error);
    process.on('unhandledRejection', recordProcessError);
    process.on('uncaughtException', recordProcessError);
    let serverErrorLines = 0;

    staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-fuzz-'));
    writeFileSync(join(staticDirectory, 'index.html'), '<!doctype html><title>explorer</title>');
    server = await serve({ port: 0, staticDirectory, maxSessions: 25, sessionIdleTimeoutMs: SESSION_IDLE_MS, log: () => (serverErrorLines += 1) });
    const running = server;

    // Drawn up front, so the requests depend on the seed alone and not on timing.
    const random = createRandom(SEED);
    const plan: PlannedItem[] = Array.from({ length: REQUEST_COUNT }, () =>
      random.chance(RAW_SHARE) ? { raw: createRawFuzzBytes(random) } : { request: createFuzzRequest(random) },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const sessions: SessionPool = { live: [], ended: [] };
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

    const runItems = async (items: PlannedItem[]) => {
      let next = 0;
      const work = async () => {
        while (next < items.length) {
          const item = items[next++]!;
          if ('raw' in item) {
            const outcome = await sendRawFuzz(running.port, item.raw);
            outcome.statuses.forEach((status) => count(`raw ${status}`));
            if (outcome.problem) problems.push(outcome.problem);
          } else {
            const outcome = await sendFuzzRequest(running.port, agent, item.request, sessions, ANSWER_TIMEOUT_MS);
            count(outcome.status === undefined ? `${item.request.ending} (no answer read)` : `${item.request.route} ${outcome.status}`);
            if (outcome.problem) problems.push(outcome.problem);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, work));
    };

    const started = performance.now();
    await runItems(plan.slice(0, WARMUP_COUNT));
    const collected = collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    await runItems(plan.slice(WARMUP_COUNT));
    const elapsedMs = performance.now() - started;
    agent.destroy();

    // Idle sessions expire; then nothing the fuzz did should still hold memory.
    const sessionsAtEnd = running.countSessions();
    const expiryDeadline = performance.now() + SESSION_IDLE_MS * 5;
    while (running.countSessions() > 2 && performance.now() < expiryDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const sessionsAfterIdle = running.countSessions();
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;

    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${key}: ${value}`)
      .join(', ');
    console.log(
      `server fuzz: ${REQUEST_COUNT} requests in ${(elapsedMs / 1000).toFixed(1)} s; heap ${megabytes(heapBefore)} after warm-up, ${megabytes(heapAfter)} at the end` +
        `${collected ? ' (after forced GC)' : ' (no forced GC)'}; sessions ${sessionsAtEnd} at the end, ${sessionsAfterIdle} after idle expiry; ${serverErrorLines} requests refused and logged by the server\n  ${histogram}`,
    );

    process.off('unhandledRejection', recordProcessError);
    process.off('uncaughtException', recordProcessError);
    expect(processErrors, 'unhandled errors in the process running the server').toEqual([]);
    expect(problems.slice(0, 10), `${problems.length} problems, the first ones shown; replay with FUZZ_SEED=${SEED}`).toEqual([]);
    expect(sessionsAfterIdle).toBeLessThanOrEqual(2);
    expect(heapAfter - heapBefore).toBeLessThan(HEAP_GROWTH_LIMIT);

    const trace = await createMockRun(running.url, { autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    const sessionTrace = await createMockRun(running.url, { autoRelease: true, mcpUrl: `${running.url}/mcp/sessions` }).start();
    expect(sessionTrace.status).toBe('complete');
  }, 240_000);
});
