import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { createCountSlowly } from '../../server/mcp/tools/count-slowly.ts';

/**
 * One progress bar per tools/call: over the whole stream of a call on /mcp/toolbox,
 * whichever client and era, the value strictly increases (the spec's rule), the total
 * never changes once given (so it never shrinks), the bar's fraction never falls back
 * (count_slowly once went 2/3, then 3/13), and the last notification fills it.
 */

type Progress = { progress: number; total?: number; message?: string };

let server: RunningServer;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await serve({ port: 0, toolboxTools: [addNumbers, createCountSlowly({ intervalMs: 10 })] });
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(async () => {
  await server.close();
});

const CLIENTS = ['v2 SDK, 2025-11-25', 'v2 SDK, 2026-07-28', 'v1 SDK, 2025-11-25'] as const;

/** Calls a tool with a progress token and returns every notification the call's stream carried. */
async function callWithProgress(client: (typeof CLIENTS)[number], name: string, input: Record<string, unknown>): Promise<Progress[]> {
  const url = new URL(`${server.url}/mcp/toolbox`);
  const received: Progress[] = [];
  const onprogress = (progress: Progress) => void received.push(progress);
  if (client === 'v1 SDK, 2025-11-25') {
    const v1 = new V1Client({ name: 'progress-totals-v1', version: '1.0.0' });
    closers.push(() => v1.close());
    await v1.connect(new V1Transport(url));
    await v1.callTool({ name, arguments: input }, undefined, { onprogress });
  } else {
    const v2 = new Client(
      { name: 'progress-totals-v2', version: '1.0.0' },
      { versionNegotiation: { mode: client === 'v2 SDK, 2025-11-25' ? 'legacy' : { pin: '2026-07-28' } } },
    );
    closers.push(() => v2.close());
    await v2.connect(new StreamableHTTPClientTransport(url));
    await v2.callTool({ name, arguments: input }, { onprogress });
  }
  return received;
}

function expectSteadyBar(received: Progress[]) {
  const totals = received.map((params) => params.total).filter((total) => total !== undefined);
  expect(totals.length).toBeGreaterThan(0);
  expect(new Set(totals)).toEqual(new Set([totals[0]]));
  received.slice(1).forEach((after, index) => {
    const before = received[index]!;
    expect(after.progress).toBeGreaterThan(before.progress);
    if (before.total !== undefined) expect(after.progress / after.total!).toBeGreaterThanOrEqual(before.progress / before.total);
  });
  expect(received.at(-1)!.progress).toBe(received.at(-1)!.total);
}

describe('progress over a whole tools/call', () => {
  it.each(CLIENTS)('count_slowly to 10 (%s): 1, then 2/13 … 13/13, never back', async (client) => {
    const received = await callWithProgress(client, 'count_slowly', { to: 10 });
    expect(received.map(({ progress, total }) => `${progress}/${total ?? '?'}`)).toEqual([
      '1/?',
      ...Array.from({ length: 12 }, (_, index) => `${index + 2}/13`),
    ]);
    expect(received.slice(2, 12).map((params) => params.message)).toEqual(Array.from({ length: 10 }, (_, index) => `Counted ${index + 1} of 10`));
    expectSteadyBar(received);
  });

  it.each(CLIENTS)('add_numbers (%s): the three stages, 1/3, 2/3, 3/3', async (client) => {
    const received = await callWithProgress(client, 'add_numbers', { a: 5, b: 7 });
    expect(received.map(({ progress, total }) => `${progress}/${total}`)).toEqual(['1/3', '2/3', '3/3']);
    expectSteadyBar(received);
  });

  it('count_slowly with arguments that fail validation: 1, then 2/3 before its error result (no execution, no third stage)', async () => {
    const received = await callWithProgress('v2 SDK, 2025-11-25', 'count_slowly', { to: 11 });
    expect(received.map(({ progress, total }) => `${progress}/${total ?? '?'}`)).toEqual(['1/?', '2/3']);
  });
});
