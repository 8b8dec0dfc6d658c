import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STOPPED_BY_USER } from '../../src/lifecycle/tool-call.ts';
import { CLOSED_BY_CALLER } from '../../src/mcp/exchange-bounds.ts';
import { createRecordingFetch, type ExchangeEvent } from '../../src/mcp/recording-fetch.ts';
import { MOCK_BASE_PATH, MOCK_MODEL, createMockRun } from '../helpers/create-mock-run.ts';
import { startEverythingHttp, type EverythingHttpServer } from '../helpers/everything-server.ts';
import { startRecordingProxy, type RecordingProxy } from '../helpers/start-recording-proxy.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Stop during a call to a server we did not write: the reference everything server over
 * Streamable HTTP (the v1 SDK, sessions, an event store), in the 2025-11-25 era. Its SDK
 * never answers a request the client cancelled, so the call's POST answer stream stays
 * open for as long as the session lives: the host must close it itself, and must do so
 * without the SDK client reading the close as a stream to resume (its frames carry event
 * ids, so an end without the result would make it reconnect with Last-Event-ID) or as an
 * error. A recording hop in front of the server sees which side ended the answer.
 */

const app = useServer();
let everything: EverythingHttpServer | undefined;
let proxy: RecordingProxy | undefined;

beforeAll(async () => {
  everything = await startEverythingHttp();
  proxy = await startRecordingProxy(new URL(everything.url).origin);
}, 20_000);

afterAll(async () => {
  await proxy?.close();
  everything?.stop();
});

/** A call that reports progress each second for ten minutes: far longer than the run. */
const QUESTION = 'Call trigger-long-running-operation with {"duration": 600, "steps": 600}';

describe('stopping a call to the everything server over Streamable HTTP', () => {
  it('the host closes the call’s answer stream the server leaves open, and the SDK neither resumes it nor fails', async () => {
    const hop = proxy!;
    const provider = { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL } as const;
    const run = createMockRun(hop.url, { question: QUESTION, autoRelease: true, provider });
    let stopped = false;
    run.subscribe((event) => {
      // After the first progress report, as a learner watching the bar would.
      if (!stopped && event.type === 'step' && event.step.id === 'server.progress') stopped = run.cancelToolCall();
    });
    const trace = await run.start();
    expect(stopped).toBe(true);
    expect(trace.status, JSON.stringify(trace.steps.at(-1))).toBe('complete');

    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    expect(call.payload).toMatchObject({ params: { name: 'trigger-long-running-operation', arguments: { duration: 600, steps: 600 } } });
    // The answer's frames carry event ids: a stream that ended without the result would be one the SDK resumes.
    expect(call.http?.sse?.some((frame) => frame.id !== undefined)).toBe(true);
    expect(trace.steps.some((step) => (step.payload as { method?: string } | null)?.method === 'notifications/cancelled')).toBe(true);

    // The server did not end the stream; the host did, and a step says so before the model hears of the stop.
    expect(call.http?.error).toBe(CLOSED_BY_CALLER);
    expect(trace.steps.some((step) => step.id === 'mcp.call.stopped')).toBe(false);
    const closed = trace.steps.find((step) => step.id === 'mcp.call.closed')!;
    expect(closed.payload).toMatchObject({ requestId: (call.payload as { id: number }).id });
    expect(closed.http?.method).toBe('POST');
    const handed = trace.steps.find((step) => step.id === 'client.result-to-host')!;
    expect(handed.payload).toEqual({ error: { message: STOPPED_BY_USER } });
    expect(trace.steps.indexOf(closed)).toBeLessThan(trace.steps.indexOf(handed));

    // On the wire: the client side ended the call's answer, not the server (nor the session's end).
    const posted = hop.exchanges.find((exchange) => exchange.method === 'POST' && exchange.requestBody.includes('"tools/call"'))!;
    await vi.waitFor(() => expect(posted.endedBy).toBe('client'), { timeout: 10_000 });

    // Not resumed and not an error: no GET with Last-Event-ID, no cut stream, no fault.
    expect(trace.steps.some((step) => step.http?.method === 'GET' && step.http.requestHeaders['last-event-id'] !== undefined)).toBe(false);
    expect(trace.steps.some((step) => step.id === 'mcp.stream.cut')).toBe(false);
    expect(hop.exchanges.filter((exchange) => exchange.method === 'GET').length).toBeLessThanOrEqual(1);
    expect(trace.answer).not.toBeNull();
  }, 60_000);

  it('the SDK client over the recording fetch: a cancelled call’s answer closed by the caller is neither resumed nor an error', async () => {
    const hop = proxy!;
    const events: ExchangeEvent[] = [];
    const reconnections: number[] = [];
    const errors: unknown[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(`${hop.url}/mcp`), {
      fetch: createRecordingFetch({ listener: (event) => events.push(event) }),
      // The SDK schedules a resumption here the moment it reads a stream as cut: none may come.
      reconnectionScheduler: (_reconnect, _delay, attempt) => void reconnections.push(attempt),
    });
    const client = new Client({ name: 'cancel-close', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    client.onerror = (error) => errors.push(error);
    await client.connect(transport);
    try {
      const stop = new AbortController();
      let progressed!: () => void;
      const firstProgress = new Promise<void>((resolve) => (progressed = resolve));
      const call = client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 600, steps: 600 } },
        { signal: stop.signal, onprogress: () => progressed() },
      );
      await firstProgress;
      stop.abort('stopped by the test');
      await expect(call).rejects.toThrow();

      const isCall = (event: ExchangeEvent) => event.exchange.requestBody?.includes('"tools/call"') === true;
      const answer = events.find((event) => event.type === 'response' && isCall(event));
      expect(answer?.type === 'response' && answer.close).toBeTypeOf('function');
      if (answer?.type === 'response') answer.close?.();

      const posted = hop.exchanges.find((exchange) => exchange.method === 'POST' && exchange.requestBody.includes('"tools/call"'))!;
      await vi.waitFor(() => expect(posted.endedBy).toBe('client'), { timeout: 10_000 });
      await vi.waitFor(() => expect(events.some((event) => event.type === 'error' && isCall(event))).toBe(true));
      expect(answer?.exchange.error).toBe(CLOSED_BY_CALLER);
      expect(answer?.exchange.sse?.some((frame) => frame.id !== undefined)).toBe(true);
      // The SDK reads a failed body within a few ticks; give it a moment to show an error or a resumption, which must not come.
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A progress report that came between the abort and the close is one the SDK no longer expects: its own complaint, not the close's.
      expect(errors.filter((error) => !String(error).includes('progress notification for an unknown token'))).toEqual([]);
      expect(reconnections).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
