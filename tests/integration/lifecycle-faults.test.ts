import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../server/mcp/tool-registry.ts';
import { TraceSchema, type Trace } from '../../src/trace/trace.ts';
import { serve } from '../../server/node/serve.ts';
import { createMockRun, releaseAndWait, waitForNextGate } from '../helpers/create-mock-run.ts';
import { findClosedPort, startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * When something goes wrong the run ends with one host.fault step that says what,
 * why and how to fix it; the steps before it stay. Every failure here is real.
 */

const server = useServer();
let modelServer: TestServer | undefined;
afterEach(async () => {
  await modelServer?.close();
  modelServer = undefined;
});

function expectFault(trace: Trace) {
  expect(trace.status).toBe('failed');
  expect(trace.answer).toBeNull();
  expect(TraceSchema.safeParse(JSON.parse(JSON.stringify(trace))).success).toBe(true);
  const last = trace.steps.at(-1)!;
  expect(last.id).toBe('host.fault');
  expect(last.kind).toBe('fault');
  const fault = last.fault!;
  for (const part of [fault.what, fault.why, fault.fix]) expect(part.trim().length).toBeGreaterThan(0);
  expect(last.payload).toEqual({ error: fault.what, why: fault.why, fix: fault.fix });
  expect(trace.steps.filter((step) => step.id === 'host.fault')).toHaveLength(1);
  return fault;
}

/** A model endpoint that answers every chat completion with this status, type and body. */
async function startModelServer(status: number, contentType: string, body: string): Promise<string> {
  modelServer = await startHttpServer((_request, response) => {
    response.writeHead(status, { 'content-type': contentType }).end(body);
  });
  return modelServer.url;
}

function providerAt(baseUrl: string) {
  return { wire: 'openai-chat', kind: 'mock' as const, baseUrl, model: 'mock-model-deterministic' };
}

describe('an empty question', () => {
  it('stops after step 1 with a fault that says to type a question', async () => {
    const trace = await createMockRun(server.url, { question: '   ', autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toBe('The question is empty.');
    expect(fault.fix).toContain('What is 5 plus 7?');
    expect(trace.steps.map((step) => step.id)).toEqual(['user.question', 'host.fault']);
  });
});

describe('an MCP server that cannot be reached', () => {
  it('says it could not reach the MCP server, and keeps the steps before', async () => {
    const port = await findClosedPort();
    const mcpUrl = `http://127.0.0.1:${port}/mcp`;
    const trace = await createMockRun(server.url, { mcpUrl, autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toContain('Could not reach the MCP server');
    expect(fault.what).toContain(mcpUrl);
    expect(fault.fix).toMatch(/Start the server/);
    const ids = trace.steps.map((step) => step.id);
    expect(ids.slice(0, 3)).toEqual(['user.question', 'host.start-discovery', 'mcp.initialize.request']);
    expect(trace.steps[2]!.http!.error).toMatch(/fetch failed/i);
    expect(trace.steps.at(-1)!.phase).toBe('discovery');
  });

  it('says there is no MCP endpoint when the path is wrong', async () => {
    const trace = await createMockRun(server.url, { mcpUrl: `${server.url}/not-mcp`, autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toMatch(/no MCP endpoint.*404/);
  });
});

describe('a model endpoint that cannot be reached', () => {
  it('says it could not reach the model, after discovery went through', async () => {
    const port = await findClosedPort();
    const trace = await createMockRun(server.url, { provider: providerAt(`http://127.0.0.1:${port}/v1`), autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toContain(`Could not reach the model at http://127.0.0.1:${port}/v1/chat/completions`);
    const request = trace.steps.find((step) => step.canonical === 8)!;
    expect(request.http!.error).toMatch(/fetch failed/i);
    expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('a model endpoint that answers something else', () => {
  it('says the reply could not be read when it is not JSON', async () => {
    const baseUrl = await startModelServer(200, 'text/html', '<html>Welcome to nginx</html>');
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toContain('could not be read');
    expect(fault.why).toContain('not JSON');
    expect(fault.why).toContain('<html>Welcome to nginx');
    expect(modelServer!.received).toHaveLength(1);
    expect(modelServer!.received[0]!.url).toBe('/chat/completions');
  });

  it('says the reply could not be read when the JSON has the wrong shape, naming the field', async () => {
    const baseUrl = await startModelServer(200, 'application/json', JSON.stringify({ candidates: [{ content: 'hi' }] }));
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toContain('could not be read');
    expect(fault.why).toContain('not a Chat Completions response');
    expect(fault.why).toContain('choices');
  });

  it('passes on what the provider said when it refuses the key', async () => {
    const baseUrl = await startModelServer(401, 'application/json', JSON.stringify({ error: { message: 'Incorrect API key provided.' } }));
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    const fault = expectFault(trace);
    expect(fault.what).toContain('HTTP 401');
    expect(fault.what).toContain('Incorrect API key provided.');
    expect(fault.why).toMatch(/API key/);
  });

  it('never records the API key it sent', async () => {
    const baseUrl = await startModelServer(401, 'application/json', '{}');
    const trace = await createMockRun(server.url, { provider: { ...providerAt(baseUrl), kind: 'real', apiKey: 'sk-test-secret' }, autoRelease: true }).start();
    expect(modelServer!.received[0]!.headers.authorization).toBe('Bearer sk-test-secret');
    expect(JSON.stringify(trace)).not.toContain('sk-test-secret');
  });
});

describe('abort', () => {
  it('ends the run as "aborted" while a message waits at the gate, and sends nothing more', async () => {
    const run = createMockRun(server.url, { autoRelease: false });
    const firstGate = waitForNextGate(run);
    const finished = run.start();
    await firstGate;
    await releaseAndWait(run);
    await releaseAndWait(run);
    const stepsBefore = run.trace.steps.length;
    run.abort();
    const trace = await finished;
    expect(trace.status).toBe('aborted');
    expect(trace.steps).toHaveLength(stepsBefore);
    expect(trace.steps.some((step) => step.id === 'host.fault')).toBe(false);
    expect(run.release()).toBe(false);
  });

  it('ends the run as "aborted" while the model is still thinking', async () => {
    let modelCalled!: () => void;
    const called = new Promise<void>((resolve) => (modelCalled = resolve));
    modelServer = await startHttpServer(() => {
      // Holds the request open: the model never answers.
      modelCalled();
    });
    const run = createMockRun(server.url, { provider: providerAt(modelServer.url), autoRelease: true });
    const finished = run.start();
    await called;
    run.abort();
    const trace = await finished;
    expect(trace.status).toBe('aborted');
    expect(trace.steps.at(-1)!.canonical).toBe(8);
  });

  it('ends the run as "aborted" during a tools/call, and the handler on the server is cancelled too', async () => {
    let handlerCancelled = false;
    const slowAdd = defineTool({
      name: 'add_numbers',
      description: 'Adds two numbers, slowly',
      input: z.object({ a: z.number(), b: z.number() }),
      handler: ({ a, b }, { signal }) =>
        new Promise<number>((resolve) => {
          const timer = setTimeout(() => resolve(a + b), 15_000);
          signal.addEventListener('abort', () => {
            handlerCancelled = true;
            clearTimeout(timer);
            resolve(0);
          });
        }),
      present: (sum) => ({ content: [{ type: 'text', text: `Result: ${sum}` }] }),
    });
    const slowServer = await serve({ port: 0, tools: [slowAdd] });
    try {
      const run = createMockRun(slowServer.url, { autoRelease: true });
      run.subscribe((event) => {
        if (event.type === 'step' && event.step.id === 'server.validate-arguments') run.abort();
      });
      const started = Date.now();
      const trace = await run.start();
      expect(trace.status).toBe('aborted');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(trace.steps.at(-1)!.id).toBe('server.validate-arguments');
      await expect.poll(() => handlerCancelled, { timeout: 5_000 }).toBe(true);
    } finally {
      await slowServer.close();
    }
  });
});
