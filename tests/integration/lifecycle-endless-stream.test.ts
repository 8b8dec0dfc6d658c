import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunOptions } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { forwardRequest } from '../helpers/forward-request.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A server that never ends its answer: a tools/call answered by progress (or other
 * messages) forever, and a provider whose answer streams forever. The host stops each at
 * its bound and says what the server did; the steps before are kept, and a stream's
 * frames are recorded once, shared by every step of its exchange.
 */

const app = useServer();
const servers: TestServer[] = [];
const timers = new Set<ReturnType<typeof setInterval>>();
afterEach(async () => {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Writes one SSE frame every 10 ms until the connection closes. */
function streamForever(response: ServerResponse, frame: (count: number) => unknown): void {
  let count = 0;
  const timer = setInterval(() => {
    count++;
    response.write(`event: message\ndata: ${JSON.stringify(frame(count))}\n\n`);
  }, 10);
  timers.add(timer);
  response.on('close', () => clearInterval(timer));
}

/** The real server, except tools/call: answered by an event stream of `frame`s that never brings the result. */
async function startEndlessMcpServer(frame: (id: number, count: number) => unknown): Promise<TestServer> {
  const server = await startHttpServer(async (request, response, body) => {
    if (request.method === 'POST' && body.includes('"tools/call"')) {
      const id = (JSON.parse(body) as { id: number }).id;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      streamForever(response, (count) => frame(id, count));
      return;
    }
    await forwardRequest(app.url, request, response, body);
  });
  servers.push(server);
  return server;
}

const progress = (id: number, count: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: id, progress: count, message: `Still working (${count})` },
});
const logMessage = (_id: number, count: number) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `tick ${count}` } });

async function runAgainst(server: TestServer, overrides: Partial<RunOptions>): Promise<{ trace: Trace; seconds: number }> {
  const started = Date.now();
  const trace = await createMockRun(app.url, { mcpUrl: `${server.url}/mcp`, autoRelease: true, ...overrides }).start();
  return { trace, seconds: (Date.now() - started) / 1000 };
}

describe('an MCP server that answers tools/call forever', () => {
  it('with progress: the run ends at the request bound with a fault that says so, the steps before kept', async () => {
    const server = await startEndlessMcpServer(progress);
    const { trace, seconds } = await runAgainst(server, { limits: { mcpRequestMs: 1500 } });
    expect(seconds).toBeLessThan(15);
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!;
    expect(fault.id).toBe('host.fault');
    expect(fault.fault?.what).toBe(`The MCP server at ${server.url}/mcp kept sending progress for 2 s during tools/call without a result.`);
    expect(fault.fault?.why).toMatch(/It sent \d+ progress notifications \([\d,]+ bytes\) and never the answer; the host gives one request at most 2 s in all/);
    expect(fault.fault?.fix).toContain('src/lifecycle/timeouts.ts');
    expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const progressSteps = trace.steps.filter((step) => step.id === 'server.progress');
    expect(progressSteps.length).toBeGreaterThan(10);
    expect(fault.fault?.why).toContain(`It sent ${progressSteps.length} progress notifications`);
  });

  it('records each frame once: every step of the exchange holds the same frames, and the export carries them all', async () => {
    const server = await startEndlessMcpServer(progress);
    const { trace } = await runAgainst(server, { limits: { mcpRequestMs: 1000 } });
    const request = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    const ofExchange = trace.steps.filter((step) => step.http?.sse !== undefined && step.http === request.http);
    expect(ofExchange.length).toBeGreaterThan(10);
    expect(new Set(ofExchange.map((step) => step.http?.sse)).size).toBe(1);
    const frames = request.http!.sse!.length;
    expect(frames).toBe(ofExchange.length - 1);
    // The exported JSON is what it was when every step had its own copy: each step of the exchange with all its frames.
    const exported = JSON.parse(JSON.stringify(trace)) as Trace;
    for (const step of exported.steps.filter((step) => ofExchange.some((shared) => shared.n === step.n))) {
      expect(step.http?.sse).toHaveLength(frames);
      expect(Object.keys(step.http!)).toEqual([
        'method',
        'url',
        'requestHeaders',
        'status',
        'statusText',
        'responseHeaders',
        'requestBody',
        'sse',
        'error',
        'durationMs',
      ]);
      expect(step.http?.error).toMatch(/^Stopped by the host: the answer was still going after 1 s/);
    }
  });

  it('with other messages: the run ends at the frame bound, in those words', async () => {
    const server = await startEndlessMcpServer(logMessage);
    const { trace } = await runAgainst(server, { limits: { maxAnswerFrames: 30 } });
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toBe(
      `The MCP server at ${server.url}/mcp sent more than 30 messages in one answer during tools/call without a result.`,
    );
    const request = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    expect(request.http?.sse).toHaveLength(30);
  });

  it('with one endless body: the run ends at the byte bound', async () => {
    const server = await startEndlessMcpServer(() => ({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'x'.repeat(10_000) },
    }));
    const { trace } = await runAgainst(server, { limits: { maxAnswerBytes: 200_000 } });
    expect(trace.steps.at(-1)?.fault?.what).toBe(`The MCP server at ${server.url}/mcp sent more than 200,000 bytes in one answer during tools/call.`);
  });
});

describe('a provider whose answer never ends', () => {
  async function startEndlessProvider(kind: 'event-stream' | 'json-body'): Promise<TestServer> {
    const server = await startHttpServer((_request, response) => {
      if (kind === 'event-stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        streamForever(response, (count) => ({
          id: 'chatcmpl-endless',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: `${count} ` } }],
        }));
        return;
      }
      // A JSON body that opens and never closes: the bytes keep coming.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices":[{"message":{"role":"assistant","content":"');
      const timer = setInterval(() => response.write('a'.repeat(20_000)), 10);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    });
    servers.push(server);
    return server;
  }

  it('streams forever: the call ends at its time bound with a fault that says so', async () => {
    const provider = await startEndlessProvider('event-stream');
    const started = Date.now();
    const trace = await createMockRun(app.url, {
      autoRelease: true,
      provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${provider.url}/v1`, model: 'endless' },
      limits: { providerCallMs: 1500 },
    }).start();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toBe(
      `The OpenAI Chat Completions endpoint at ${provider.url}/v1/chat/completions kept sending messages for 2 s in answer to the model request without ending its reply.`,
    );
    expect(trace.steps.at(-1)?.fault?.why).toMatch(/^It sent \d+ frames \([\d,]+ bytes\) and never the answer/);
    expect(trace.steps.some((step) => step.id === 'host.translate-tools')).toBe(true);
    const request = trace.steps.find((step) => step.id === 'provider.request')!;
    expect(request.http?.sse?.length).toBeGreaterThan(10);
  });

  /** Ollama's NDJSON: one `done: false` line every 10 ms, never the `done: true` one. */
  async function startEndlessOllama(line: (count: number) => unknown): Promise<TestServer> {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let count = 0;
      const timer = setInterval(() => response.write(`${JSON.stringify(line(++count))}\n`), 10);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    });
    servers.push(server);
    return server;
  }
  const ollamaLine = (content: string) => ({ model: 'endless', created_at: '2025-01-01T00:00:00Z', message: { role: 'assistant', content }, done: false });
  const streamedOllama = (url: string) => ({ wire: 'ollama', kind: 'real' as const, baseUrl: url, model: 'endless', stream: true });

  it('streams NDJSON lines forever: each line is a frame, and the call ends at the frame bound', async () => {
    const provider = await startEndlessOllama((count) => ollamaLine(`${count} `));
    const trace = await createMockRun(app.url, { autoRelease: true, provider: streamedOllama(provider.url), limits: { maxReplyFrames: 30 } }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toBe(
      `The Ollama endpoint at ${provider.url}/api/chat sent more than 30 messages in one answer to the model request without ending its reply.`,
    );
    expect(trace.steps.find((step) => step.id === 'provider.request')!.http?.ndjson).toHaveLength(30);
  });

  it('streams long NDJSON lines forever: the call ends at the byte bound', async () => {
    const provider = await startEndlessOllama(() => ollamaLine('a'.repeat(20_000)));
    const trace = await createMockRun(app.url, { autoRelease: true, provider: streamedOllama(provider.url), limits: { maxAnswerBytes: 1024 * 1024 } }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toBe(`The Ollama endpoint at ${provider.url}/api/chat sent more than 1 MB in one answer to the model request.`);
  });

  /** Headers, then `frames` chunks (0: none), then nothing: the connection stays open, silent. */
  async function startSilentProvider(frames: number): Promise<TestServer> {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      for (let count = 1; count <= frames; count++)
        response.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-silent', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: `${count} ` } }] })}\n\n`,
        );
    });
    servers.push(server);
    return server;
  }

  it.each([
    [0, 'its headers', /^Its answer had begun \(the headers, and no frame\) and then nothing more came/],
    [3, 'frame 3', /^Its answer had begun \(3 frames, [\d,]+ bytes\) and then nothing more came/],
  ])(
    'goes silent after %i frames: the call ends at the silence bound, in words of their own (not those of a stream that keeps sending)',
    async (frames, after, why) => {
      const provider = await startSilentProvider(frames);
      const started = Date.now();
      const trace = await createMockRun(app.url, {
        autoRelease: true,
        provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${provider.url}/v1`, model: 'silent', stream: true },
        limits: { providerSilenceMs: 1000 },
      }).start();
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(trace.status).toBe('failed');
      const fault = trace.steps.at(-1)!.fault!;
      expect(fault.what).toBe(
        `The OpenAI Chat Completions endpoint at ${provider.url}/v1/chat/completions went silent in answer to the model request: nothing arrived for 1 s after ${after}.`,
      );
      expect(fault.why).toMatch(why);
      expect(fault.fix).toContain('PROVIDER_SILENCE_MS');
      const request = trace.steps.find((step) => step.id === 'provider.request')!;
      expect(request.http?.sse).toHaveLength(frames);
      expect(request.http?.error).toMatch(
        new RegExp(`^Stopped by the host: nothing arrived for 1 s after ${frames > 0 ? `frame ${frames}` : 'the headers'} \\(\\d+ bytes\\)$`),
      );
    },
  );

  it('sends an endless body: the call ends at its byte bound', async () => {
    const provider = await startEndlessProvider('json-body');
    const trace = await createMockRun(app.url, {
      autoRelease: true,
      provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${provider.url}/v1`, model: 'endless' },
      limits: { maxAnswerBytes: 1024 * 1024 },
    }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toBe(
      `The OpenAI Chat Completions endpoint at ${provider.url}/v1/chat/completions sent more than 1 MB in one answer to the model request.`,
    );
  });
});
