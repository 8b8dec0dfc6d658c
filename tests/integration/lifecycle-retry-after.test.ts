import { afterEach, describe, expect, it } from 'vitest';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import { createMockRun, MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A 429 with Retry-After, from a provider and from an MCP server: the host reads the
 * wait, shows it in the fault, and holds a retry until it is over.
 */

const app = useServer();
/** The built-in server with per-client limits on, as beyond loopback: three requests at once, then one a second (429 with Retry-After: 1). */
const limited = useServer({ clientLimits: { requestsPerMinute: 60, burst: 3 } });

let model: TestServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** A provider in front of the mock that answers its first request 429 with Retry-After: 2; `sentAt` has each request's arrival. */
async function startRateLimitedModel(sentAt: number[]): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    sentAt.push(Date.now());
    if (sentAt.length === 1) {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' }).end(JSON.stringify({ error: { message: 'Rate limit reached' } }));
      return;
    }
    const upstream = await fetch(`${app.url}${MOCK_BASE_PATH}${request.url?.replace(/^\/v1/, '')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
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

describe('a provider that answers 429 with Retry-After', () => {
  it('while stepping: the fault says how long to wait, and the retry is sent only after it', async () => {
    const sentAt: number[] = [];
    model = await startRateLimitedModel(sentAt);
    const run = createMockRun(app.url, { provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${model.url}/v1`, model: 'limited' } });
    const finished = run.start();
    await releaseUntil(run, () => run.trace.steps.at(-1)?.id === 'host.fault');
    const fault = run.trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('rate-limiting (HTTP 429): it asks to wait 2 s before the next request (Retry-After). It said: “Rate limit reached”');
    expect(fault.fix).toContain('the host sends it once the 2 s are over');
    await expect.poll(() => run.pending?.title).toBe('Send the same request to the model again (after the 2 s it asked for)');
    run.release();
    await releaseUntil(run, () => run.trace.status !== 'running');
    const trace = await finished;
    expect(trace.status).toBe('complete');
    expect(sentAt.length).toBeGreaterThanOrEqual(2);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(1900);
    const retried = trace.steps.filter((step) => step.id === 'provider.request')[1]!;
    expect(retried.note).toContain('waits until the 2 s the provider asked for (Retry-After) are over');
  });

  it('in a run that does not retry (the CLI): the fault shows the wait', async () => {
    model = await startRateLimitedModel([]);
    const trace = await createMockRun(app.url, { autoRelease: true, provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${model.url}/v1`, model: 'limited' } }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toContain('it asks to wait 2 s before the next request (Retry-After)');
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
      const refused = trace.steps.slice(0, index).reverse().find((step) => step.http?.status === 429)!;
      expect(refused.http?.responseHeaders?.['retry-after']).toBe('1');
      expect(wait.payload).toMatchObject({ status: 429, retryAfterMs: 1000, attempt: 1 });
      expect(wait.title).toMatch(/^Host waited 1 s as the server asked \(Retry-After\) and sent it again$/);
      // The same JSON-RPC message goes out again (a new attempt, so a new span in its traceparent), and not before the second is over.
      const resent = trace.steps.slice(index + 1).find((step) => step.http?.method === 'POST' && withoutTraceparent(step.http.requestBody) === withoutTraceparent(refused.http?.requestBody))!;
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
    expect(fault.what).toBe(`The MCP server at ${model.url}/mcp is limiting requests (HTTP 429, during tools/list): it asks to wait 1 s (Retry-After). The host waited as asked and sent the request 3 times; each was refused.`);
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
async function startRefusingProxy({ retryAfter, refuse, sent }: { retryAfter: string; refuse: (body: string) => boolean; sent: number[] }): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    if (request.method === 'POST' && refuse(body)) {
      sent.push(Date.now());
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too many requests' } }));
      return;
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0])));
    const upstream = await fetch(`${app.url}${request.url}`, { method: request.method, headers, ...(request.method === 'POST' ? { body } : {}) });
    response.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    if (upstream.body) for await (const chunk of upstream.body) response.write(chunk);
    response.end();
  });
}
