import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import { formatTraceJson, formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import { serializeTrace } from '../../src/lifecycle/import-trace.ts';
import { formatCurl } from '../../src/mcp/format-curl.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { findClosedPort } from '../helpers/start-http-server.ts';
import { startSdkV1Server, startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host against MCP servers this project did not write, started here over real HTTP:
 * the v1 SDK's McpServer with sessions (2025-11-25 only), and a v2 SDK server, once behind
 * a bearer-token check. The mock model comes from the app's own server.
 */

const app = useServer();
const TOKEN = 'tok_live_5b1d0c9e8f7a6b4c3d2e';
let server: ThirdPartyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function run(mcpUrl: string, options: Partial<RunOptions> = {}): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: 'auto',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    ...options,
  }).start();
}

const ids = (trace: Trace) => trace.steps.map((step) => step.id);

describe('the Auto era', () => {
  it('falls back from 2026-07-28 to 2025-11-25 with the v1 SDK server, in the open, and the lifecycle completes', async () => {
    server = await startSdkV1Server();
    const trace = await run(server.url);
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.mcp).toMatchObject({ era: 'auto', protocolVersion: '2025-11-25' });
    const order = ids(trace);
    expect(order.slice(0, 7)).toEqual([
      'user.question',
      'host.start-discovery',
      'mcp.discover.request',
      'mcp.discover.declined',
      'host.era-fallback',
      'mcp.initialize.request',
      'mcp.initialize.response',
    ]);
    const declined = trace.steps.find((step) => step.id === 'mcp.discover.declined')!;
    expect(declined.http?.status).toBe(400);
    expect(declined.payload).toMatchObject({ error: { message: 'Bad Request: No valid session ID provided' } });
    const fallback = trace.steps.find((step) => step.id === 'host.era-fallback')!;
    expect(fallback.payload).toMatchObject({ tried: { era: '2026-07-28', request: 'server/discover' }, serverAnswered: { status: 400 } });
    expect(JSON.stringify(fallback.payload)).toContain('No valid session ID provided');
    expect(order).toContain('mcp.tools-call.response');
  });

  it('stays in 2026-07-28 with a v2 SDK server that speaks it: no fallback step', async () => {
    server = await startSdkV2Server();
    const trace = await run(server.url);
    expect(trace.status).toBe('complete');
    expect(trace.mcp).toMatchObject({ era: 'auto', protocolVersion: '2026-07-28' });
    expect(ids(trace)).not.toContain('host.era-fallback');
    expect(ids(trace)).not.toContain('mcp.initialize.request');
  });

  it('never falls back when nothing answers: the fault says the server was not reached', async () => {
    const trace = await run(`http://127.0.0.1:${await findClosedPort()}/mcp`);
    expect(trace.status).toBe('failed');
    expect(ids(trace)).not.toContain('host.era-fallback');
    expect(ids(trace)).not.toContain('mcp.initialize.request');
    expect(trace.steps.at(-1)?.fault?.what).toMatch(/Could not reach/);
  });

  it('with 2026-07-28 pinned, a 2025-only server fails with the way out: Auto or 2025-11-25', async () => {
    server = await startSdkV1Server();
    const trace = await run(server.url, { era: '2026-07-28' });
    expect(trace.status).toBe('failed');
    expect(ids(trace)).not.toContain('mcp.initialize.request');
    const fault = trace.steps.at(-1)?.fault;
    expect(fault?.what).toContain('does not speak the 2026-07-28 era');
    expect(fault?.why).toContain('HTTP 400');
    // The page's words name its choices and its button, never a flag; the CLI's name the flags and no button.
    expect(fault?.fix).toBe('Choose Auto or 2025-11-25 as the protocol era, then press Reset: Auto tries 2026-07-28 and falls back to 2025-11-25 in the open.');
    const atTerminal = (await run(server.url, { era: '2026-07-28', reader: 'cli' })).steps.at(-1)?.fault;
    expect(atTerminal?.fix).toBe('Run the command again with --era auto or --era 2025-11-25: Auto tries 2026-07-28 and falls back to 2025-11-25 in the open.');
  });
});

describe('a server that needs a bearer token', () => {
  it('refuses the host without one: the fault shows the WWW-Authenticate challenge and points to the headers', async () => {
    server = await startSdkV2Server({ bearerToken: TOKEN });
    const trace = await run(server.url);
    expect(trace.status).toBe('failed');
    expect(ids(trace)).not.toContain('host.era-fallback');
    const refused = trace.steps.find((step) => step.http?.status === 401);
    expect(refused?.http?.responseHeaders?.['www-authenticate']).toContain('Bearer realm="sdk-v2-test-server"');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('HTTP 401');
    expect(fault.what).toContain('WWW-Authenticate: Bearer realm="sdk-v2-test-server"');
    expect(fault.fix).toContain('the headers beside "MCP server URL" in the model settings, for example Authorization: Bearer …');
    expect(fault.fix).toContain('press Sign in');
    expect(fault.fix).not.toMatch(/--[a-z]/);
    expect(formatTraceText({ trace })).toContain('WWW-Authenticate: Bearer realm=');
  });

  it('says the token was refused when the host sent one', async () => {
    server = await startSdkV2Server({ bearerToken: TOKEN });
    const trace = await run(server.url, { mcpHeaders: [{ name: 'Authorization', value: 'Bearer tok_wrong_0000000000' }] });
    expect(trace.steps.at(-1)?.fault?.why).toContain('refused it');
    expect(JSON.stringify(trace)).not.toContain('tok_wrong_0000000000');
  });

  it('completes with the token as a header, sent on every request and shown nowhere', async () => {
    server = await startSdkV2Server({ bearerToken: TOKEN, echoToken: true });
    const trace = await run(server.url, {
      mcpHeaders: [
        { name: 'Authorization', value: `Bearer ${TOKEN}` },
        { name: 'X-Team', value: 'blue' },
      ],
    });
    expect(trace.status).toBe('complete');
    expect(server.receivedAuthorization.length).toBeGreaterThan(2);
    expect(server.receivedAuthorization.every((value) => value === `Bearer ${TOKEN}`)).toBe(true);
    // The server echoed the token in its tool result: the trace, its export and the text output lose it all the same.
    for (const text of [JSON.stringify(trace), serializeTrace(trace), formatTraceJson({ trace }), formatTraceText({ trace, maxPayloadLength: 0 })]) {
      expect(text).not.toContain(TOKEN);
    }
    // Copy as curl puts a placeholder where the token went: the learner supplies it from the environment.
    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    const curl = formatCurl({ http: call.http!, audience: 'mcp' }).result;
    expect(curl).toContain('"$MCP_AUTHORIZATION"');
    expect(curl).not.toContain(TOKEN);
    const start = trace.steps.find((step) => step.id === 'host.start-discovery')!;
    expect(start.payload).toMatchObject({ headers: { Authorization: '[redacted] (sent to the server)', 'X-Team': 'blue' } });
    const list = trace.steps.find((step) => step.id === 'mcp.tools-list.request')!;
    expect(list.http?.requestHeaders).toMatchObject({ authorization: '[redacted]', 'x-team': 'blue' });
    const result = trace.steps.find((step) => step.id === 'client.result-to-host')!;
    expect(JSON.stringify(result.payload)).toContain('[redacted]');
  });

  it('treats a header the learner marked secret as one', async () => {
    server = await startSdkV2Server();
    const trace = await run(server.url, { mcpHeaders: [{ name: 'X-Tenant', value: 'tenant-secret-4242', secret: true }] });
    expect(trace.status).toBe('complete');
    expect(JSON.stringify(trace)).not.toContain('tenant-secret-4242');
    expect(trace.steps.find((step) => step.id === 'mcp.tools-list.request')?.http?.requestHeaders['x-tenant']).toBe('[redacted]');
  });
});

describe('a server URL with a user and password', () => {
  it('is refused before anything is sent, says to use a header, and the password appears nowhere', async () => {
    server = await startSdkV2Server();
    const address = server.url.replace('http://', 'http://learner:pw-9c8b7a6d5e@');
    const trace = await run(address);
    expect(trace.status).toBe('failed');
    expect(server.receivedAuthorization).toEqual([]);
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('holds a user name or password');
    expect(fault.fix).toContain('"MCP server URL" in the model settings, for example Authorization: Basic …');
    for (const text of [JSON.stringify(trace), formatTraceText({ trace, maxPayloadLength: 0 })]) expect(text).not.toContain('pw-9c8b7a6d5e');
  });
});
