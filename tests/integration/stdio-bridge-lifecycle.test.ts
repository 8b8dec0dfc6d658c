import { describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { BridgeListingSchema } from '../../src/trace/bridge-frames.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { EVERYTHING_STDIO } from '../helpers/everything-server.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The reference everything server over stdio, through the app's bridge, driven by the
 * host as the page drives it: the SDK client over real HTTP to /mcp/stdio/everything, the
 * bridge writing and reading the process's lines, the mock model choosing its get-sum.
 */

const server = useServer({ stdioServers: [EVERYTHING_STDIO] });

function runThroughBridge(): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl: `${server.url}/mcp/stdio/everything`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 15_000,
  }).start();
}

type BridgePayload = { kind: string; line: string; server: string; message?: { id?: unknown; method?: string; result?: unknown } };
const bridgePayload = (step: Step) => step.payload as BridgePayload;

describe('the everything server over stdio through the bridge', () => {
  it('is listed at GET /mcp/stdio for the page', async () => {
    const response = await fetch(`${server.url}/mcp/stdio`);
    expect(response.status).toBe(200);
    expect(BridgeListingSchema.parse(await response.json())).toEqual({
      servers: [{ name: 'everything', path: '/mcp/stdio/everything', running: true, clients: 'own-program' }],
    });
  });

  it('runs the whole lifecycle: get-sum is called with 5 and 7, and the answer reads its sentence', async () => {
    const trace = await runThroughBridge();
    expect(trace.status, JSON.stringify(trace.steps.at(-1))).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');

    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request');
    expect(call?.payload).toMatchObject({ method: 'tools/call', params: { name: 'get-sum', arguments: { a: 5, b: 7 } } });
    const result = trace.steps.find((step) => step.id === 'mcp.tools-call.response');
    expect(result?.payload).toMatchObject({ result: { content: [{ type: 'text', text: 'The sum of 5 and 7 is 12.' }] } });

    // The bridge is a participant of its own: every line it wrote and read is a step, between it and the server.
    const bridgeSteps = trace.steps.filter((step) => step.from === 'bridge' || step.to === 'bridge');
    const written = bridgeSteps.filter((step) => step.id === 'bridge.stdio.write').map((step) => bridgePayload(step).message?.method);
    // A notification's line is written too, but its POST's answer is a 202 with no stream to carry the line, and no other answer may.
    expect(written).toEqual(['initialize', 'tools/list', 'tools/call']);
    for (const step of bridgeSteps.filter((entry) => entry.id === 'bridge.stdio.write')) {
      expect(step).toMatchObject({ from: 'bridge', to: 'server' });
      expect(JSON.parse(bridgePayload(step).line)).toEqual(bridgePayload(step).message);
    }
    const read = bridgeSteps.filter((step) => step.id === 'bridge.stdio.read');
    expect(read.length).toBeGreaterThanOrEqual(3);
    const readResult = read.find((step) => JSON.stringify(bridgePayload(step).message?.result ?? '').includes('The sum of 5 and 7 is 12.'));
    expect(readResult).toMatchObject({ from: 'server', to: 'bridge', phase: 'execution' });

    // The line the bridge wrote carries the bridge's own id; the answer the client got carries the client's.
    const writtenCall = bridgeSteps.find((step) => bridgePayload(step).message?.method === 'tools/call')!;
    expect(JSON.parse(bridgePayload(readResult!).line).id).toBe(bridgePayload(writtenCall).message?.id);
    expect((result?.payload as { id: unknown }).id).toBe((call?.payload as { id: unknown }).id);

    // The server's first words on stderr, written before any request, reach the first stream as a log step.
    const stderr = bridgeSteps.filter((step) => step.id === 'bridge.stderr').map((step) => bridgePayload(step).line);
    expect(stderr).toContain('Starting default (STDIO) server...');

    // Each bridge step is recorded with the HTTP exchange that carried it.
    expect(readResult?.http).toMatchObject({ method: 'POST', status: 200 });
    expect(readResult?.http?.url).toBe(`${server.url}/mcp/stdio/everything`);
  }, 30_000);

  it('serves a second run with a program of its own, which it ends with the run', async () => {
    const trace = await runThroughBridge();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.steps.some((step) => step.id === 'bridge.stdio.write')).toBe(true);
    // A new program: its start-up line reaches this run's first answer too.
    expect(trace.steps.filter((step) => step.id === 'bridge.stderr').map((step) => bridgePayload(step).line)).toContain('Starting default (STDIO) server...');
    const ended = trace.steps.find((step) => step.id === 'mcp.session.delete');
    expect(ended?.http).toMatchObject({ method: 'DELETE', status: 200 });
    expect(ended?.http?.requestHeaders['mcp-session-id']).toMatch(/\S/);
  }, 30_000);
});
