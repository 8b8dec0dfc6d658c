import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STOPPED_BY_USER } from '../../src/lifecycle/tool-call.ts';
import { CLOSED_BY_CALLER } from '../../src/mcp/exchange-bounds.ts';
import { MOCK_BASE_PATH, MOCK_MODEL, createMockRun } from '../helpers/create-mock-run.ts';
import { startRecordingProxy, type RecordingProxy } from '../helpers/start-recording-proxy.ts';
import { startSdkV1Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Stop during a call to a server that answers in JSON (the v1 SDK's enableJsonResponse, with
 * sessions), in 2025-11-25: its POST gets no answer at all until the result, and a cancelled
 * request gets none, so the POST would wait for as long as the session lives (issue 40). The
 * host closes it as it closes an open answer stream, 5 s after the cancel, as a step. A
 * recording hop in front of the server sees which side ended the POST.
 */

const app = useServer();
let v1: ThirdPartyServer | undefined;
let proxy: RecordingProxy | undefined;
/** The tool's waits, each ended by its call's cancel (or the test's end). */
const waits = new Set<() => void>();
const aborted: boolean[] = [];

beforeAll(async () => {
  v1 = await startSdkV1Server({
    enableJsonResponse: true,
    register: (server) =>
      server.registerTool(
        'wait_long',
        { description: 'Waits the given seconds, then says so', inputSchema: { seconds: z.number() } },
        ({ seconds }, extra) =>
          new Promise((resolve) => {
            const done = () => {
              clearTimeout(timer);
              waits.delete(done);
              aborted.push(extra.signal.aborted);
              resolve({ content: [{ type: 'text', text: `Waited ${seconds} s` }] });
            };
            const timer = setTimeout(done, seconds * 1000);
            waits.add(done);
            extra.signal.addEventListener('abort', done, { once: true });
          }),
      ),
  });
  proxy = await startRecordingProxy(new URL(v1.url).origin);
}, 20_000);

afterAll(async () => {
  for (const done of [...waits]) done();
  await proxy?.close();
  await v1?.close();
});

describe('stopping a call to a server that answers in JSON', () => {
  it('the host closes the POST the server holds for a result that never comes, as a step, before the model hears of the stop', async () => {
    const hop = proxy!;
    const provider = { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL } as const;
    // No network timeout: the CLI sets none, and one would end the POST on its own.
    const run = createMockRun(hop.url, { question: 'Call wait_long with {"seconds": 600}', autoRelease: true, provider, networkTimeoutMs: undefined });
    let stopped = false;
    run.subscribe((event) => {
      // JSON brings no progress to wait for: the call is stopped once it is on the wire.
      if (!stopped && event.type === 'step' && event.step.id === 'mcp.tools-call.request') setTimeout(() => (stopped = run.cancelToolCall()), 300);
    });
    const trace = await run.start();
    expect(stopped).toBe(true);
    expect(trace.status, JSON.stringify(trace.steps.at(-1))).toBe('complete');

    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    expect(call.payload).toMatchObject({ params: { name: 'wait_long', arguments: { seconds: 600 } } });
    expect(trace.steps.some((step) => (step.payload as { method?: string } | null)?.method === 'notifications/cancelled')).toBe(true);
    // The server's SDK stopped the tool and sent no result.
    await vi.waitFor(() => expect(aborted).toEqual([true]));

    expect(call.http?.error).toBe(CLOSED_BY_CALLER);
    expect(call.http?.status).toBeUndefined();
    expect(trace.steps.some((step) => step.id === 'mcp.call.stopped')).toBe(false);
    const closed = trace.steps.find((step) => step.id === 'mcp.call.closed')!;
    expect(closed.title).toBe('Client closes the cancelled call’s request, which the server had not answered');
    expect(closed.payload).toMatchObject({ requestId: (call.payload as { id: number }).id });
    expect(closed.http?.method).toBe('POST');
    const handed = trace.steps.find((step) => step.id === 'client.result-to-host')!;
    expect(handed.payload).toEqual({ error: { message: STOPPED_BY_USER } });
    expect(trace.steps.indexOf(closed)).toBeLessThan(trace.steps.indexOf(handed));

    // On the wire: the client ended the POST, with no answer from the server.
    const posted = hop.exchanges.find((exchange) => exchange.method === 'POST' && exchange.requestBody.includes('"tools/call"'))!;
    await vi.waitFor(() => expect(posted.endedBy).toBe('client'), { timeout: 10_000 });
    expect(posted.status).toBeUndefined();
    expect(trace.steps.some((step) => step.id === 'host.fault')).toBe(false);
    expect(trace.answer).not.toBeNull();
  }, 60_000);
});
