import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycleRun, type LifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { releaseAndWait, waitForNextGate } from '../helpers/create-mock-run.ts';
import { startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The second topology end to end, on real HTTP: the host hands the built-in server to the
 * mock provider, the mock's own MCP client lists and calls, and the trace holds the host's
 * exchanges with the provider, the provider's report of its hop and, read back from the
 * server, what the server saw: each labelled whose account it is.
 */

const server = useServer();

function mockProvider(wire: string): ProviderSettings {
  return { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: 'mock-model-deterministic' };
}

function options(wire: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl: `${server.url}/mcp`,
    provider: mockProvider(wire),
    topology: 'provider',
    providerMcp: { serverRecordUrl: `${server.url}${SERVER_RECORD_PATH}` },
    networkTimeoutMs: 10_000,
    ...overrides,
  };
}

const ids = (trace: Trace): string[] => trace.steps.map((step) => step.id);
const only = (trace: Trace, id: string): Step[] => trace.steps.filter((step) => step.id === id);

describe.each(['openai-responses', 'anthropic'] as const)('provider-side MCP in %s, every gate open', (wire) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await createLifecycleRun({ ...options(wire), autoRelease: true }).start();
  });

  it('completes with the provider’s answer, and the host’s MCP client never spoke', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.mcp.topology).toBe('provider');
    expect(trace.steps.filter((step) => step.from === 'client' || step.to === 'client')).toEqual([]);
    expect(ids(trace)).not.toContain('host.translate-tools');
    expect(ids(trace)).not.toContain('host.translate-tool-call');
  });

  it('hands the server to the provider, named with the run, instead of its tools', () => {
    const handed = only(trace, 'host.provider-mcp')[0]!;
    const request = only(trace, 'provider.request')[0]!;
    expect(JSON.stringify(request.payload)).toMatch(new RegExp(`${server.url}/mcp\\?record=[0-9a-f]{32}`));
    expect(JSON.stringify(request.payload)).toContain(JSON.stringify(handed.payload).slice(11, 60));
    expect(request.http?.status).toBe(200);
  });

  it('shows the provider’s report of tools/list and tools/call as steps 3, 5, 12 and 16 between the LLM and the server', () => {
    const reported = trace.steps.filter((step) => step.id.startsWith('provider.reported.'));
    expect(reported.map((step) => [step.canonical, step.from, step.to])).toEqual([
      [3, 'llm', 'server'],
      [5, 'server', 'llm'],
      [12, 'llm', 'server'],
      [16, 'server', 'llm'],
    ]);
    expect(reported.every((step) => step.title.startsWith('Reported by the provider'))).toBe(true);
    expect(reported[3]!.title).toContain('Result: 12');
  });

  it('reads back what the server saw, with a GET of its own, and labels it as the server’s', () => {
    const fetched = only(trace, 'host.fetch-server-record');
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched[0]!.http).toMatchObject({ method: 'GET', status: 200 });
    const seen = trace.steps.filter((step) => step.id.startsWith('server.seen.'));
    expect(seen.every((step) => step.title.startsWith('Seen by the server'))).toBe(true);
    const calls = seen.filter((step) => step.id === 'server.seen.request' && JSON.stringify(step.payload).includes('"tools/call"'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload).toMatchObject({ method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    expect(seen.some((step) => step.id === 'server.seen.notification' && step.title.includes('Registry lookup'))).toBe(true);
  });
});

describe('the approval gate, stepped as in the page', () => {
  async function walkToApproval(): Promise<LifecycleRun> {
    const run = createLifecycleRun(options('openai-responses'));
    const paused = waitForNextGate(run);
    void run.start();
    await paused;
    while (run.pending?.id !== 'user.mcp-approval') await releaseAndWait(run);
    return run;
  }

  it('does not open to a bare Next: only the user’s own answer opens it', async () => {
    const run = await walkToApproval();
    expect(run.pending).toMatchObject({ id: 'user.mcp-approval', answerRequired: true, editable: true });
    expect(run.release()).toBe(false);
    expect(run.pending?.id).toBe('user.mcp-approval');
    run.abort();
  });

  it('approved, the mcp_approval_response carries approve: true and the call is made', async () => {
    const run = await walkToApproval();
    const next = waitForNextGate(run);
    run.release({ payload: { decision: 'approve' }, answered: true });
    await next;
    while (run.pending) await releaseAndWait(run);
    const trace = run.trace;
    const answerRequest = only(trace, 'provider.request.mcp-approval')[0]!;
    expect(JSON.stringify(answerRequest.payload)).toMatch(/"type":"mcp_approval_response","approval_request_id":"mcpr_[^"]+","approve":true/);
    expect(trace.status).toBe('complete');
    expect(only(trace, 'provider.reported.tools-call.request')).toHaveLength(1);
  });

  it('denied, approve: false goes back, the server never sees tools/call, and the run ends declined', async () => {
    const run = await walkToApproval();
    const next = waitForNextGate(run);
    run.release({ payload: { decision: 'deny' }, answered: true });
    await next;
    while (run.pending) await releaseAndWait(run);
    const trace = run.trace;
    expect(JSON.stringify(only(trace, 'provider.request.mcp-approval')[0]!.payload)).toContain('"approve":false');
    expect(trace.status).toBe('declined');
    expect(trace.answer).toContain('did not approve');
    expect(only(trace, 'provider.reported.tools-call.request')).toEqual([]);
    expect(trace.steps.filter((step) => step.id === 'server.seen.request' && JSON.stringify(step.payload).includes('tools/call'))).toEqual([]);
  });
});

describe('a token the host hands the provider for the server', () => {
  const token = 'provider-side-mcp-token-4f1c9a7e';
  let guarded: ThirdPartyServer;
  beforeAll(async () => {
    guarded = await startSdkV2Server({ bearerToken: token, echoToken: true });
  });
  afterAll(() => guarded.close());

  it.each(['openai-responses', 'anthropic'] as const)('reaches the server through the provider (%s), and is nowhere in the trace', async (wire) => {
    const trace = await createLifecycleRun({
      ...options(wire, { providerMcp: { requireApproval: 'never' } }),
      mcpUrl: guarded.url,
      mcpHeaders: [{ name: 'Authorization', value: `Bearer ${token}` }],
      autoRelease: true,
    }).start();
    expect(trace.status).toBe('complete');
    expect(guarded.receivedAuthorization.at(-1)).toBe(`Bearer ${token}`);
    const text = JSON.stringify(trace);
    expect(text).not.toContain(token);
    expect(text).toContain('[redacted]');
    // A server that is not ours keeps no record for the host to read.
    expect(ids(trace)).not.toContain('host.fetch-server-record');
  });
});

describe('a wire format without provider-side MCP', () => {
  it('is refused before the run starts, naming the two that have it', () => {
    expect(() => createLifecycleRun(options('openai-chat'))).toThrow(/OpenAI Responses' mcp tool or Anthropic's MCP connector/);
  });
});
