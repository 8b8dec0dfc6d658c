import { afterEach, describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * `npm run trace` against a real provider on 127.0.0.1 that answers 429 with Retry-After:
 * the CLI waits as asked on a step of its own, sends the same request again and finishes;
 * a wait it does not take ends the run with words for a terminal, which has no Reset and
 * no Next.
 */

const app = useServer();
let model: TestServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** 429 with this Retry-After to the first `refusals` requests, then the app's mock model. */
function startRateLimitedModel({ retryAfter, refusals }: { retryAfter: string; refusals: number }): Promise<TestServer> {
  let seen = 0;
  return startHttpServer(async (request, response, body) => {
    seen++;
    if (seen <= refusals) {
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
        .end(JSON.stringify({ error: { message: 'Rate limit reached for requests' } }));
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

const realModel = (server: TestServer) => ['--model', 'real', '--whole', '--model-name', MOCK_MODEL, '--base-url', `${server.url}/v1`];

describe('npm run trace with a provider that answers 429 with Retry-After', () => {
  it('429 then 200: the wait is a step, the request goes out again, the run completes with exit code 0', async () => {
    model = await startRateLimitedModel({ retryAfter: '1', refusals: 1 });
    const text = await runTraceCli(realModel(model));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('HTTP POST /v1/chat/completions → 429');
    const waitLine = text.stdout.split('\n').find((line) => line.includes('wait') && line.includes('Retry-After'));
    expect(waitLine).toMatch(/Host → LLM\s+Host waited 1 s as the provider asked \(Retry-After\) and sends the same request again$/);
    expect(text.stdout).toContain('Answer: 5 plus 7 is 12.');
    expect(model.received.filter((request) => request.method === 'POST')).toHaveLength(3);

    await model.close();
    model = await startRateLimitedModel({ retryAfter: '1', refusals: 1 });
    const json = await runTraceCli([...realModel(model), '--json']);
    const trace = JSON.parse(json.stdout) as Trace;
    expect(trace.steps.filter((step) => step.id === 'host.provider-rate-limit-wait').map((step) => step.payload)).toEqual([
      { status: 429, retryAfterMs: 1000, attempt: 1, sendsAgainAt: expect.any(String) },
    ]);
  }, 60_000);

  it('asks for an hour: not waited for; exit code 1, and what to do is said for a terminal', async () => {
    model = await startRateLimitedModel({ retryAfter: '3600', refusals: Infinity });
    const text = await runTraceCli(realModel(model));
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('60 min is longer than the 60 s the host waits for a provider, so it does not wait.');
    expect(text.stdout).toContain('what to do: Run the command again in 60 min.');
    expect(text.stdout).not.toMatch(/Reset|press Next/);
    expect(model.received.filter((request) => request.method === 'POST')).toHaveLength(1);
  }, 60_000);
});
