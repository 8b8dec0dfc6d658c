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
/** The built-in server with per-client limits on, as beyond loopback: three requests, then 429 with Retry-After. */
const limited = useServer({ clientLimits: { requestsPerMinute: 1, burst: 3 } });

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
  it('the run stops with a step that says how long the server asked to wait; the 429 is in the trace', async () => {
    const trace = await createMockRun(app.url, { mcpUrl: `${limited.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toMatch(new RegExp(`^The MCP server at ${limited.url}/mcp is limiting requests \\(HTTP 429, [^)]+\\): it asks to wait \\d+ s \\(Retry-After\\)\\.$`));
    expect(fault.fix).toMatch(/^Wait \d+ s, close other tabs/);
    const refused = trace.steps.find((step) => step.http?.status === 429)!;
    expect(refused.http?.responseHeaders?.['retry-after']).toMatch(/^\d+$/);
  });
});
