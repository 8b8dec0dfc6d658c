import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { COMPLETE_BY_DEFAULT_NOTE } from '../../src/lifecycle/result-without-type.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A 2026-07-28 result that says no resultType: the v2 SDK's server always sends one, so a
 * hop in front of it takes it out of the answers to one method, as a server that leaves it
 * out would answer. The SDK client refuses such a result; the host reads it as complete
 * (SEP-2322's default, which the conformance suite's sep-2322-client-request-state holds
 * clients to) and says so on the answer's step.
 */

const app = useServer();
let server: ThirdPartyServer | undefined;
let hop: TestServer | undefined;
afterEach(async () => {
  await hop?.close();
  await server?.close();
  hop = server = undefined;
});

/** The JSON-RPC answers in a body, a JSON one or server-sent events, with resultType taken out of each result. */
function removeResultType(body: string): string {
  const strip = (text: string) => {
    const message = JSON.parse(text) as { result?: Record<string, unknown> };
    if (message.result) delete message.result.resultType;
    return JSON.stringify(message);
  };
  if (body.trimStart().startsWith('{')) return strip(body);
  return body.replace(/^data: (\{.*\})$/gm, (_line, data: string) => `data: ${strip(data)}`);
}

/**
 * Passes everything to the v2 server, and takes resultType out of the answers to `method`.
 * Every other answer is passed on as it streams: a 2026-07-28 host opens subscriptions/listen,
 * whose stream stays open for the run, so waiting for its end would hold the run.
 */
async function startHopWithout(method: string, target: string): Promise<TestServer> {
  return startHttpServer(async (request, response, body) => {
    const upstream = await fetch(target, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => !['host', 'content-length', 'connection'].includes(name))
          .map(([name, value]) => [name, String(value)]),
      ),
      ...(request.method === 'POST' ? { body } : {}),
    });
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    if (body.includes(`"method":"${method}"`)) {
      response.end(removeResultType(await upstream.text()));
      return;
    }
    const reader = upstream.body?.getReader();
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) response.write(chunk.value);
    } catch {
      // The v2 server closes at the test's end with the listen stream still open: the hop's answer is cut as the server's was.
      response.destroy();
      return;
    }
    response.end();
  });
}

function run(mcpUrl: string) {
  return createLifecycleRun({
    question: 'What is 5 plus 7?',
    era: '2026-07-28',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
  }).start();
}

describe('a 2026-07-28 result without resultType', () => {
  it.each([
    ['tools/call', 'mcp.tools-call.response'],
    ['tools/list', 'mcp.tools-list.response'],
  ])('is read as complete in the answer to %s, and the step says so', async (method, stepId) => {
    server = await startSdkV2Server();
    hop = await startHopWithout(method, server.url);
    const trace = await run(`${hop.url}/mcp`);
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    const answer = trace.steps.find((step) => step.id === stepId)!;
    // The step shows what crossed: the result as the server sent it, with no resultType.
    expect(answer.payload).toMatchObject({ result: {} });
    expect(JSON.stringify(answer.payload)).not.toContain('resultType');
    expect(answer.note).toContain(COMPLETE_BY_DEFAULT_NOTE);
  });
});
