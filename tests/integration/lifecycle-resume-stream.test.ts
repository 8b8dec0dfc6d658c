import { describe, expect, it } from 'vitest';
import { RECONNECT_AFTER_MS } from '../../server/http/mcp-session-endpoint.ts';
import { CUT_STREAM_AFTER_PARAMETER } from '../../server/http/session-knobs.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import type { Step } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The resumable-stream lesson on real traffic: /mcp/sessions?cut-stream-after=2 ends the
 * tools/call answer stream after two progress events; the host does not fail on the cut,
 * the SDK client reconnects with GET and Last-Event-ID after the priming event's retry
 * wait, and the server replays the rest from its event store: nothing lost, nothing twice.
 */

const app = useServer();

const frameIds = (step: Step | undefined) => (step?.http?.sse ?? []).map((frame) => frame.id);
const eventNumber = (id: string | undefined) => Number(id);

describe('a tools/call stream the server cuts in the middle', () => {
  it('is shown as a cut, a reconnect with Last-Event-ID and a replay, and the run completes', async () => {
    const trace = await createMockRun(app.url, { mcpUrl: `${app.url}/mcp/sessions?${CUT_STREAM_AFTER_PARAMETER}=2`, autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');

    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    const cut = trace.steps.find((step) => step.id === 'mcp.stream.cut')!;
    const resume = trace.steps.find((step) => step.id === 'mcp.stream.resume')!;
    // The POST's stream: a priming event (an id, no data), then two progress events, then its end.
    const before = call.http!.sse!;
    expect(before[0]).toMatchObject({ data: '' });
    expect(before.filter((frame) => frame.data.includes('"notifications/progress"'))).toHaveLength(2);
    expect(before.some((frame) => frame.data.includes('"result"'))).toBe(false);
    expect(cut.http?.method).toBe('POST');
    expect(cut.payload).toMatchObject({ lastEventId: before.at(-1)!.id, eventsReceived: 3 });

    // The reconnect: a GET in the same session naming the last event the client read.
    expect(resume.http?.method).toBe('GET');
    expect(resume.http?.requestHeaders['last-event-id']).toBe(before.at(-1)!.id);
    expect(resume.http?.requestHeaders['mcp-session-id']).toBe(call.http?.requestHeaders['mcp-session-id']);
    expect(resume.http?.status).toBe(200);
    expect(resume.title).toContain('it replays what followed that event');
    // The SDK waited as long as the priming event's retry field asked before coming back.
    expect(resume.at - cut.at).toBeGreaterThanOrEqual(RECONNECT_AFTER_MS * 0.9);

    // The replay: only events after the one named, then the result, each once.
    const replayed = resume.http!.sse!;
    expect(replayed.every((frame) => eventNumber(frame.id) > eventNumber(before.at(-1)!.id))).toBe(true);
    const ids = [...frameIds(call), ...frameIds(resume)];
    expect(new Set(ids).size).toBe(ids.length);
    const stages = trace.steps.filter((step) => step.id.startsWith('server.') && step.phase === 'execution').map((step) => step.id);
    expect(stages).toEqual(['server.registry-lookup', 'server.validate-arguments', 'server.execute']);
    const results = trace.steps.filter((step) => step.id === 'mcp.tools-call.response');
    expect(results).toHaveLength(1);
    expect(results[0]!.http?.method).toBe('GET');
    expect(results[0]!.payload).toMatchObject({ result: { content: [{ type: 'text', text: 'Result: 12' }] } });
    expect(results[0]!.note).toContain(`after event ${before.at(-1)!.id} (the Last-Event-ID)`);
    // In order: the cut, the reconnect, what was replayed.
    const order = ['mcp.stream.cut', 'mcp.stream.resume', 'server.execute', 'mcp.tools-call.response'].map((id) =>
      trace.steps.findIndex((step) => step.id === id),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('is the resume scenario: its endpoint cuts the stream, in the era that can resume', () => {
    const scenario = findScenario('resume')!;
    expect(scenario.mcpPath).toBe(`/mcp/sessions?${CUT_STREAM_AFTER_PARAMETER}=2`);
    expect(scenario.era).toBe('2025-11-25');
  });

  it.each(['0', 'two', '101'])('refuses cut-stream-after=%s with 400 and says why', async (value) => {
    const response = await fetch(`${app.url}/mcp/sessions?${CUT_STREAM_AFTER_PARAMETER}=${value}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(`${CUT_STREAM_AFTER_PARAMETER} must be a whole number from 1 to 100`);
  });
});
