import { afterEach, describe, expect, it } from 'vitest';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun, MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A 429 with Retry-After, from a provider and from an MCP server: the host waits as asked,
 * on a step that counts down, and sends the same request again, at most twice in a row and
 * for at most a minute each; a longer wait or a third refusal is a fault that says so.
 */

const app = useServer();
/** The built-in server with per-client limits on, as beyond loopback: three requests at once, then one a second (429 with Retry-After: 1). */
const limited = useServer({ clientLimits: { requestsPerMinute: 60, burst: 3 } });

let model: TestServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/**
 * A provider in front of the mock that answers 429 with this Retry-After to its first
 * `refusals` requests (every one, when Infinity); `sentAt` has each request's arrival.
 */
async function startRateLimitedModel(
  sentAt: number[],
  { retryAfter = '2', refusals = 1 }: { retryAfter?: string; refusals?: number } = {},
): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    sentAt.push(Date.now());
    if (sentAt.length <= refusals) {
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
        .end(JSON.stringify({ error: { message: 'Rate limit reached' } }));
      return;
    }
    const upstream = await fetch(`${app.url}${MOCK_BASE_PATH}${request.url?.replace(/^\/v1/, '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
}

async function releaseUntil(run: LifecycleRun, predicate: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1000 && !predicate(); attempt++) {
    if (run.trace.status !== 'running') return;
    run.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const provider = (model: TestServer) => ({ wire: 'openai-chat', kind: 'real' as const, baseUrl: `${model.url}/v1`, model: 'limited' });
const waitsOf = (trace: Trace) => trace.steps.filter((step) => step.id === 'host.provider-rate-limit-wait');

describe('a provider that answers 429 with Retry-After', () => {
  it('while stepping: a step counts the wait down, then the same request waits at the gate and goes out after it', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt);
    const run = createMockRun(app.url, { provider: provider(model) });
    const pendingTitles: string[] = [];
    run.subscribe((event) => {
      if (event.type === 'waiting') pendingTitles.push(event.pending.title);
    });
    const finished = run.start();
    await releaseUntil(run, () => run.trace.status !== 'running');
    const trace = await finished;
    expect(trace.status).toBe('complete');
    expect(trace.steps.some((step) => step.id === 'host.fault')).toBe(false);
    const [wait] = waitsOf(trace);
    expect(wait?.payload).toMatchObject({ status: 429, retryAfterMs: 2000, attempt: 1 });
    expect(wait?.title).toBe('Host waited 2 s as the provider asked (Retry-After) and sends the same request again');
    expect(pendingTitles).toContain('Send the same request to the model again (the 2 s it asked for are over)');
    const requests = trace.steps.filter((step) => step.id === 'provider.request');
    expect(requests.map((step) => step.http?.status)).toEqual([429, 200]);
    expect(requests[0]!.http?.responseHeaders?.['retry-after']).toBe('2');
    expect(trace.steps.indexOf(wait!)).toBe(trace.steps.indexOf(requests[0]!) + 1);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(1900);
  });

  it('in a run nobody steps through (the CLI): the same wait, and the run completes', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt, { retryAfter: '1' });
    const trace = await createMockRun(app.url, { autoRelease: true, provider: provider(model) }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(waitsOf(trace).map((step) => step.title)).toEqual(['Host waited 1 s as the provider asked (Retry-After) and sends the same request again']);
    expect(sentAt).toHaveLength(3);
  });

  it('keeps refusing: two waits, then the run ends with a fault that says how often it was sent, in words for the CLI', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt, { retryAfter: '1', refusals: Infinity });
    const trace = await createMockRun(app.url, { autoRelease: true, provider: provider(model) }).start();
    expect(trace.status).toBe('failed');
    expect(sentAt).toHaveLength(3);
    expect(waitsOf(trace).map((step) => (step.payload as { attempt: number }).attempt)).toEqual([1, 2]);
    expect(waitsOf(trace)[1]!.title).toBe('Host waited 1 s as the provider asked (Retry-After) and sends the same request again (try 3)');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain(
      'it asks to wait 1 s before the next request (Retry-After). It said: “Rate limit reached” The host waited as asked and sent the request 3 times; each was refused.',
    );
    expect(fault.why).toContain('at most 2 times in a row');
    expect(fault.fix).toBe('Wait 1 s, check your plan, then run the command again.');
  });

  it('asks for an hour: not waited for, and the fault says so at once', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt, { retryAfter: '3600' });
    const trace = await createMockRun(app.url, { autoRelease: true, provider: provider(model) }).start();
    expect(trace.status).toBe('failed');
    expect(sentAt).toHaveLength(1);
    expect(waitsOf(trace)).toEqual([]);
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('it asks to wait 60 min before the next request (Retry-After)');
    expect(fault.why).toContain('60 min is longer than the 60 s the host waits for a provider, so it does not wait.');
    expect(fault.fix).toBe('Run the command again in 60 min.');
  });

  it('asks for an hour while stepping: the fault offers Next and Reset, and Next sends the request at once', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt, { retryAfter: '3600' });
    const run = createMockRun(app.url, { provider: provider(model) });
    const finished = run.start();
    await releaseUntil(run, () => run.trace.steps.at(-1)?.id === 'host.fault');
    const fault = run.trace.steps.at(-1)!.fault!;
    expect(fault).toMatchObject({
      retryable: true,
      fix: 'Press Reset and come back in 60 min, or press Next to send the same request again now (it will likely be refused again).',
    });
    await expect.poll(() => run.pending?.title).toBe('Send the same request to the model again');
    await releaseUntil(run, () => run.trace.status !== 'running');
    expect((await finished).status).toBe('complete');
    // The refused request, the one sent again, and the second round's.
    expect(sentAt).toHaveLength(3);
  });

  it('a reset during the wait ends it at once: nothing is sent again', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt, { retryAfter: '30' });
    const run = createMockRun(app.url, { autoRelease: true, provider: provider(model) });
    const finished = run.start();
    await expect.poll(() => run.trace.steps.at(-1)?.id, { timeout: 10_000 }).toBe('host.provider-rate-limit-wait');
    expect(run.trace.steps.at(-1)?.title).toBe(
      'Provider said 429 (too many requests): the host waits 30 s as it asked (Retry-After), then sends the same request again: 30 s left',
    );
    run.abort();
    const trace = await finished;
    expect(trace.status).toBe('aborted');
    expect(sentAt).toHaveLength(1);
  });
});

describe('an MCP server that answers 429 with Retry-After', () => {
  /** A request body without the W3C traceparent the host puts in params._meta of every message it sends. */
  const withoutTraceparent = (body: string | undefined) => body?.replace(/"traceparent":"[^"]*"/, '"traceparent":""');

  it('the built-in per-client limits: each 429 is a step that counts down the wait, then the same request is sent again, and the run completes', async () => {
    const trace = await createMockRun(app.url, { mcpUrl: `${limited.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    const waits = trace.steps.filter((step) => step.id === 'host.mcp-rate-limit-wait');
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      const index = trace.steps.indexOf(wait);
      // The refusal it answers is the step before it, with the status and the header on the wire.
      const refused = trace.steps
        .slice(0, index)
        .reverse()
        .find((step) => step.http?.status === 429)!;
      expect(refused.http?.responseHeaders?.['retry-after']).toBe('1');
      expect(wait.payload).toMatchObject({ status: 429, retryAfterMs: 1000, attempt: 1 });
      expect(wait.title).toMatch(/^Host waited 1 s as the server asked \(Retry-After\) and sent it again$/);
      // The same JSON-RPC message goes out again (a new attempt, so a new span in its traceparent), and not before the second is over.
      const resent = trace.steps
        .slice(index + 1)
        .find((step) => step.http?.method === 'POST' && withoutTraceparent(step.http.requestBody) === withoutTraceparent(refused.http?.requestBody))!;
      expect(resent).toBeDefined();
      expect(resent.at - refused.at).toBeGreaterThanOrEqual(950);
    }
  });

  it('keeps refusing: after two waits the run ends with a fault that says how often it was sent', async () => {
    const sent: number[] = [];
    model = await startRefusingProxy({ retryAfter: '1', refuse: (body) => body.includes('"tools/list"'), sent });
    const trace = await createMockRun(app.url, { mcpUrl: `${model.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    expect(sent).toHaveLength(3);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(950);
    expect(trace.steps.filter((step) => step.id === 'host.mcp-rate-limit-wait').map((step) => (step.payload as { attempt: number }).attempt)).toEqual([1, 2]);
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toBe(
      `The MCP server at ${model.url}/mcp is limiting requests (HTTP 429, during tools/list): it asks to wait 1 s (Retry-After). The host waited as asked and sent the request 3 times; each was refused.`,
    );
    expect(fault.why).toContain('at most 2 times');
  });

  it('asks for longer than a minute: no wait, the fault says why at once', async () => {
    model = await startRefusingProxy({ retryAfter: '3600', refuse: (body) => body.includes('"tools/list"'), sent: [] });
    const trace = await createMockRun(app.url, { mcpUrl: `${model.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.some((step) => step.id === 'host.mcp-rate-limit-wait')).toBe(false);
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('it asks to wait 60 min (Retry-After).');
    expect(fault.why).toContain('longer than the 60 s the host waits');
  });

  it('a reset during the wait ends it at once: nothing is sent again', async () => {
    const sent: number[] = [];
    model = await startRefusingProxy({ retryAfter: '30', refuse: (body) => body.includes('"tools/list"'), sent });
    const run = createMockRun(app.url, { mcpUrl: `${model.url}/mcp`, autoRelease: true });
    const finished = run.start();
    await expect.poll(() => run.trace.steps.at(-1)?.id, { timeout: 10_000 }).toBe('host.mcp-rate-limit-wait');
    expect(run.trace.steps.at(-1)?.title).toContain('30 s left');
    const abortedAt = Date.now();
    run.abort();
    const trace = await finished;
    expect(Date.now() - abortedAt).toBeLessThan(2000);
    expect(trace.status).toBe('aborted');
    expect(sent).toHaveLength(1);
  });
});

/**
 * The app's /mcp behind a proxy that answers 429 with this Retry-After to the requests
 * `refuse` picks (by their body); `sent` has the arrival time of each refused one.
 */
async function startRefusingProxy({
  retryAfter,
  refuse,
  sent,
}: {
  retryAfter: string;
  refuse: (body: string) => boolean;
  sent: number[];
}): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    if (request.method === 'POST' && refuse(body)) {
      sent.push(Date.now());
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too many requests' } }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    );
    const upstream = await fetch(`${app.url}${request.url}`, { method: request.method, headers, ...(request.method === 'POST' ? { body } : {}) });
    response.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    if (upstream.body) for await (const chunk of upstream.body) response.write(chunk);
    response.end();
  });
}
