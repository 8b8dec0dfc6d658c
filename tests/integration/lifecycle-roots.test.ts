import { describe, expect, it } from 'vitest';
import { toolboxTools } from '../../server/mcp/tools-by-endpoint.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Step } from '../../src/trace/trace.ts';
import { countRootsTool } from '../helpers/count-roots-tool.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * roots/list in both eras through the host over real HTTP, from our own server's code: the
 * toolbox endpoint with one more tool that asks for the client's roots. In 2025-11-25 the
 * SDK sends roots/list on the call's stream, in 2026-07-28 the tool answers input_required
 * and the client sends the call again with the ListRootsResult in inputResponses (the
 * everything server, the other test, speaks 2025-11-25 alone).
 */

const find = (steps: Step[], id: string) => steps.find((step) => step.id === id);

const server = useServer({ toolboxTools: [...toolboxTools, countRootsTool] });

function startRun(era: '2025-11-25' | '2026-07-28') {
  return createLifecycleRun({
    question: 'Count the roots',
    era,
    mcpUrl: `${server.url}/mcp/toolbox`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}/mock/openai/v1`, model: 'mock-model-deterministic' },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    roots: [{ uri: 'file:///srv/app', name: 'app' }],
  }).start();
}

describe.each(['2025-11-25', '2026-07-28'] as const)('roots/list in %s', (era) => {
  it('the server asks, the host answers with the configured root, and the tool reads it', async () => {
    const trace = await startRun(era);
    expect(trace.status, JSON.stringify(trace.steps.at(-1))).toBe('complete');
    const answer = find(trace.steps, 'host.roots.result')!;
    expect(answer.payload).toEqual({ roots: [{ uri: 'file:///srv/app', name: 'app' }] });
    expect(answer.note).toContain('not a security boundary');
    expect(answer.phase).toBe('execution');
    expect(find(trace.steps, 'mcp.tools-call.response')?.payload).toMatchObject({ result: { content: [{ text: 'Roots: file:///srv/app' }] } });
    if (era === '2025-11-25') {
      expect((find(trace.steps, 'mcp.initialize.request')?.payload as { params: { capabilities: object } }).params.capabilities).toMatchObject({
        roots: { listChanged: true },
      });
      expect(find(trace.steps, 'mcp.server-request')?.payload).toMatchObject({ method: 'roots/list' });
      expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: { roots: [{ uri: 'file:///srv/app', name: 'app' }] } });
      expect(answer.deprecated).toBeUndefined();
      return;
    }
    const requests = trace.steps.filter(
      (step) => step.from === 'client' && step.to === 'server' && typeof (step.payload as { method?: unknown }).method === 'string',
    );
    for (const step of requests)
      expect((step.payload as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/clientCapabilities']).toMatchObject({
        roots: { listChanged: true },
      });
    expect(find(trace.steps, 'mcp.input-required')?.payload).toMatchObject({
      result: { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } },
    });
    const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.payload).toMatchObject({
      params: { name: 'count_roots', inputResponses: { roots: { roots: [{ uri: 'file:///srv/app', name: 'app' }] } } },
    });
    // 2026-07-28 deprecates roots: both host steps say so, as sampling's do.
    expect(answer.deprecated).toMatchObject({ feature: 'roots', era: '2026-07-28' });
    expect(find(trace.steps, 'client.roots-to-host')?.deprecated).toMatchObject({ feature: 'roots' });
  });
});
