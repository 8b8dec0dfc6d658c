import { describe, expect, it } from 'vitest';
import { STOPPED_BY_USER } from '../../src/lifecycle/tool-call.ts';
import { CLOSED_BY_CALLER } from '../../src/mcp/exchange-bounds.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Stop during a slow tool, on real traffic: the host aborts the SDK's tools/call, the SDK
 * sends notifications/cancelled with the call's id, and the built-in server stops
 * count_slowly: no result and no more progress. The host offers sampling, so /mcp/toolbox
 * gives it a session, whose server ends the call's answer stream once the cancel arrives
 * (server/http/cancelled-streams.ts): the host tells the model after the server stopped, and
 * has nothing to close itself. Until issue 40 the session's SDK left the stream open, and
 * the host closed it after 5 s (mcp.call.closed, still how it ends a third-party server's;
 * everything-server-cancel-stream.test.ts).
 */

const app = useServer();

describe('stopping count_slowly while it runs', () => {
  it('notifications/cancelled goes out, the server stops and ends the stream, the model hears why', async () => {
    const run = createMockRun(app.url, { mcpUrl: `${app.url}/mcp/toolbox`, question: 'Count slowly to 5', era: '2025-11-25', autoRelease: true });
    let stopped = false;
    run.subscribe((event) => {
      // After the first count (not a stage of the server), as a learner watching the bar would.
      if (!stopped && event.type === 'step' && event.step.id === 'server.progress') stopped = run.cancelToolCall();
    });
    const trace = await run.start();
    expect(stopped).toBe(true);
    expect(trace.status).toBe('complete');

    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    const callId = (call.payload as { id: number }).id;
    const cancel = trace.steps.find((step) => (step.payload as { method?: string } | null)?.method === 'notifications/cancelled')!;
    expect(cancel.title).toBe('Client sends notifications/cancelled');
    expect(cancel.http?.method).toBe('POST');
    expect(cancel.payload).toMatchObject({ params: { requestId: callId } });

    expect(call.http?.requestHeaders['mcp-session-id']).toMatch(/\S/);
    expect(trace.steps.some((step) => step.id === 'mcp.call.closed')).toBe(false);
    const stop = trace.steps.find((step) => step.id === 'mcp.call.stopped')!;
    expect(stop.http?.method).toBe('POST');
    expect(stop.http?.error).not.toBe(CLOSED_BY_CALLER);
    expect(stop.title).toContain('Server stops the call: its stream ends with no result');
    // The SDK resumes a stream that ended without its result; the session says nothing follows, and no GET is left open.
    expect(
      trace.steps.filter((step) => step.http?.method === 'GET' && step.http.requestHeaders['last-event-id'] !== undefined).map((step) => step.http?.status),
    ).not.toContain(200);
    // No result, and the counting stopped short of 5 (the tool reports each count as progress).
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.response')).toBe(false);
    const counts = trace.steps.filter((step) => step.id === 'server.progress');
    expect(counts.length).toBeLessThan(5);
    expect(trace.steps.indexOf(stop)).toBeGreaterThan(trace.steps.indexOf(cancel));
    expect(trace.steps.slice(trace.steps.indexOf(stop)).some((step) => step.id === 'server.progress')).toBe(false);

    const handed = trace.steps.find((step) => step.id === 'client.result-to-host')!;
    expect(handed.payload).toEqual({ error: { message: STOPPED_BY_USER } });
    expect(trace.steps.indexOf(stop)).toBeLessThan(trace.steps.indexOf(handed));
    const toModel = trace.steps.find((step) => step.id === 'host.translate-tool-result')!;
    expect(JSON.stringify(toModel.payload)).toContain('The user stopped this tool call');
    expect(trace.answer).not.toBeNull();
  });
});
