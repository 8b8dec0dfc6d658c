import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { forwardRequest } from '../helpers/forward-request.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * An MCP server that breaks in the middle of tools/call: the host does not wait forever,
 * and the run ends with a step that says what happened, the steps before it kept.
 */

const app = useServer();

type Breakage = 'cut-stream' | 'cut-mid-frame' | 'hang';
type RunOverrides = Parameters<typeof createMockRun>[1];

/** Passes every request to the real server, except tools/call, which it breaks in the given way. */
async function startBrokenServer(breakage: Breakage): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    if (request.method === 'POST' && body.includes('"tools/call"')) {
      const id = (JSON.parse(body) as { id: number }).id;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: id, progress: 1, total: 3, message: 'Starting' } })}\n\n`,
      );
      if (breakage === 'cut-stream') setTimeout(() => response.socket?.destroy(), 50);
      if (breakage === 'cut-mid-frame') {
        // Half of the result frame, then the connection drops: the client holds a frame that never ends.
        response.write(`event: message\ndata: {"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"Res`);
        setTimeout(() => response.socket?.destroy(), 50);
      }
      return;
    }
    await forwardRequest(app.url, request, response, body);
  });
}

/** A whole run whose MCP server is one broken in the given way, closed afterwards; resolves with the trace. */
async function runThroughBrokenServer(breakage: Breakage, overrides: RunOverrides = {}): Promise<Trace> {
  const broken = await startBrokenServer(breakage);
  try {
    return await createMockRun(app.url, { mcpUrl: `${broken.url}/mcp`, autoRelease: true, ...overrides }).start();
  } finally {
    await broken.close();
  }
}

/** The run failed, and its last step is the fault that says the answer ended without the result. */
function expectEndedWithoutResult(trace: Trace): Step {
  expect(trace.status).toBe('failed');
  const fault = trace.steps.at(-1)!;
  expect(fault.id).toBe('host.fault');
  expect(fault.fault?.what).toContain('ended its answer during tools/call without the result');
  return fault;
}

describe('a server that breaks during tools/call', () => {
  it('cuts the response stream: the run ends with a step that explains', async () => {
    const trace = await runThroughBrokenServer('cut-stream');
    expectEndedWithoutResult(trace);
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.request')).toBe(true);
    expect(trace.steps.some((step) => step.id === 'server.progress')).toBe(true);
  });

  it('cuts the stream in the middle of the result frame: the run ends with a step that explains, the half frame not taken as a result', async () => {
    const trace = await runThroughBrokenServer('cut-mid-frame');
    expect(expectEndedWithoutResult(trace).fault?.fix).toContain('Reset');
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.response')).toBe(false);
    // Everything recorded before the cut stays: the canonical steps up to the request, and the progress frame that did arrive.
    expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(trace.steps.some((step) => step.id === 'server.progress')).toBe(true);
  });

  it('goes silent: the watchdog stops the wait after the network timeout', async () => {
    const started = Date.now();
    const trace = await runThroughBrokenServer('hang', { networkTimeoutMs: 1500 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toContain('stopped answering during tools/call');
  });
});
