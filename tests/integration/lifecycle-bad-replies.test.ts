import { afterEach, describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Replies a host cannot use: a provider that hangs (before or after its headers), a
 * provider or MCP server whose body is truncated JSON or a web page. Each ends the run
 * with one step that says what happened and what to do, and the steps recorded before
 * it stay. Every server here is real HTTP on loopback.
 */

const app = useServer();
let other: TestServer | undefined;
afterEach(async () => {
  await other?.close();
  other = undefined;
});

const TIMEOUT_MS = 1_000;

function expectExplainedFault(trace: Trace) {
  expect(trace.status).toBe('failed');
  const last = trace.steps.at(-1)!;
  expect(last.id).toBe('host.fault');
  const fault = last.fault!;
  for (const part of [fault.what, fault.why, fault.fix]) expect(part.trim().length).toBeGreaterThan(0);
  expect(fault.fix).toMatch(/Reset/);
  return fault;
}

function providerAt(baseUrl: string) {
  return { wire: 'openai-chat', kind: 'real' as const, baseUrl, model: 'test-model' };
}

/** The canonical steps 1 to 8 (discovery, translation #1 and the provider request) were recorded before the fault. */
function expectStepsUpToProviderRequestKept(trace: Trace) {
  expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
}

describe('a provider that hangs', () => {
  it('before sending anything: the request is stopped after the network timeout, with a step that says so', async () => {
    other = await startHttpServer(() => {
      // Never answers: the request stays open until the client gives up.
    });
    const started = Date.now();
    const trace = await createMockRun(app.url, { provider: providerAt(other.url), autoRelease: true, networkTimeoutMs: TIMEOUT_MS }).start();
    expect(Date.now() - started).toBeLessThan(10_000);
    const fault = expectExplainedFault(trace);
    expect(fault.what).toBe(`The model at ${other.url}/chat/completions did not answer in time.`);
    expectStepsUpToProviderRequestKept(trace);
    expect(trace.steps.find((step) => step.canonical === 8)!.http!.error).toMatch(/TimeoutError/);
  });

  it('after its headers, in the middle of the body: the same timeout stops it', async () => {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":"chatcmpl-1","choices":[');
    });
    const trace = await createMockRun(app.url, { provider: providerAt(other.url), autoRelease: true, networkTimeoutMs: TIMEOUT_MS }).start();
    const fault = expectExplainedFault(trace);
    expect(fault.what).toContain('did not answer in time');
    expectStepsUpToProviderRequestKept(trace);
  });
});

describe('a provider whose reply is not whole JSON', () => {
  it('truncated JSON: the reply did not finish arriving, so the run ends interrupted, quoting where the body stops', async () => {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"chatcmpl-1","choices":[{"message":{"role":"assis');
    });
    const trace = await createMockRun(app.url, { provider: providerAt(other.url), autoRelease: true }).start();
    expect(trace.status).toBe('interrupted');
    const last = trace.steps.at(-1)!;
    expect(last.id).toBe('host.stopped');
    expect(last.fault?.what).toBe('The OpenAI Chat Completions reply stopped after 55 bytes, before its JSON was whole.');
    expect(last.fault?.why).toContain('The body ends “…');
    expect(last.fault?.why).toContain('"message":{"role":"assis”');
    // The cut reply and the host's stop are the response phase's steps 19 and 20, as for any reply that stopped short.
    expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 19, 20]);
  });

  it('a web page: the step quotes how the body begins and says it is not JSON', async () => {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<!doctype html><title>Bad gateway</title>');
    });
    const trace = await createMockRun(app.url, { provider: providerAt(other.url), autoRelease: true }).start();
    const fault = expectExplainedFault(trace);
    expect(fault.what).toContain('could not be read');
    expect(fault.why).toContain('not JSON');
    expect(fault.why).toContain('<!doctype html><title>Bad gateway');
    expectStepsUpToProviderRequestKept(trace);
  });
});

describe('a provider whose stream cannot be read from its first frame', () => {
  const streamedAt = (baseUrl: string) => ({ ...providerAt(baseUrl), stream: true });

  it('a body labelled an event stream that holds no event: the step names frame 1 and quotes the body, which the HTTP view keeps', async () => {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end('{"error":{"message":"The model is overloaded","type":"server_error"}}');
    });
    const trace = await createMockRun(app.url, { provider: streamedAt(other.url), autoRelease: true }).start();
    const fault = expectExplainedFault(trace);
    expect(fault.why).toBe(
      'Frame 1 of the stream could not be read: the body holds no server-sent event (it begins “{"error":{"message":"The model is overloaded","type":"server_error"}}”).',
    );
    expect(trace.steps.find((step) => step.canonical === 8)!.http).toMatchObject({
      sse: [],
      responseBody: '{"error":{"message":"The model is overloaded","type":"server_error"}}',
    });
  });

  it('a first frame that is not JSON, then the connection broken: the frame is named, not the break', async () => {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: <html>Bad gateway</html>\n\n', () => setTimeout(() => response.socket?.resetAndDestroy(), 20));
    });
    const trace = await createMockRun(app.url, { provider: streamedAt(other.url), autoRelease: true }).start();
    expect(expectExplainedFault(trace).why).toBe(
      'Frame 1 of the stream is not a Chat Completions chunk: it is not JSON (it begins “<html>Bad gateway</html>”).',
    );
  });
});

describe('an MCP server whose reply is not JSON-RPC', () => {
  /** Answers every POST with this content type and body, as a misconfigured server or a proxy might. */
  async function startBadMcpServer(contentType: string, body: string): Promise<string> {
    other = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': contentType }).end(body);
    });
    return `${other.url}/mcp`;
  }

  it('truncated JSON: the run ends with a step that explains, after the request it sent', async () => {
    const mcpUrl = await startBadMcpServer('application/json', '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-');
    const trace = await createMockRun(app.url, { mcpUrl, autoRelease: true }).start();
    const fault = expectExplainedFault(trace);
    expect(fault.what).toBe(`The MCP server at ${mcpUrl} answered while connecting, but its answer is not whole JSON.`);
    expect(fault.why).toContain('cut short');
    expect(trace.steps.map((step) => step.id).slice(0, 3)).toEqual(['user.question', 'host.start-discovery', 'mcp.initialize.request']);
    expect(trace.steps.find((step) => step.id === 'mcp.initialize.request')!.http!.responseBody).toContain('"protocolVersion":"2025-');
  });

  it('a web page: the step says the address answered, but not in MCP', async () => {
    const mcpUrl = await startBadMcpServer('text/html', '<!doctype html><title>Welcome</title><p>It works!</p>');
    const trace = await createMockRun(app.url, { mcpUrl, autoRelease: true }).start();
    const fault = expectExplainedFault(trace);
    expect(fault.what).toBe(`The server at ${mcpUrl} answered while connecting, but not in MCP.`);
  });
});
