import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CacheHint, McpServer } from '@modelcontextprotocol/server';
import { readRunFacts } from '../../src/content/run-facts.ts';
import { describeStepWords } from '../../src/content/step-words.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { checkClaim } from '../helpers/check-word-claims.ts';
import { startSdkV2ToolServer, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * 2026-07-28 list results say how long they stay fresh (ttlMs) and who may keep them
 * (cacheScope). The host honours them against a server this project did not write: the v2
 * SDK's McpServer, its lists' hints set with its own `cacheHints` option. Before the model's
 * second request the host either says the list is still fresh and asks with it, or lists
 * the tools again; 2025-11-25 lists carry no ttl, and nothing changes there.
 */

const app = useServer();
let server: ThirdPartyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function registerAdd(mcp: McpServer): void {
  mcp.registerTool('add', { description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
}

async function runAgainst(hint: CacheHint, era: Era): Promise<Trace> {
  server = await startSdkV2ToolServer(registerAdd, { cacheHints: { 'tools/list': hint } });
  return createLifecycleRun({
    question: QUESTION,
    era,
    mcpUrl: server.url,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
  }).start();
}

const ids = (trace: Trace) => trace.steps.map((step) => step.id);
const count = (trace: Trace, id: string) => trace.steps.filter((step) => step.id === id).length;

/** Every claim of the step's words held to the trace, with the test's own readers. */
function checkWords(trace: Trace, index: number): { title: string; summary: string; problems: string[] } {
  const facts = readRunFacts({ steps: trace.steps, status: trace.status, answer: trace.answer, protocolVersion: trace.mcp.protocolVersion });
  const words = describeStepWords(facts, index)!;
  const claims = [...words.title.claims, ...(words.summary?.claims ?? [])];
  const problems = claims.flatMap((claim) => checkClaim(trace, claim, { maxToolRounds: 5 }) ?? []);
  return { title: words.title.text, summary: words.summary?.text ?? '', problems };
}

describe('ttlMs and cacheScope on tools/list, against the v2 SDK server', () => {
  it('a list still under its ttlMs is used as it is: one tools/list, and a step that says it is fresh and what its cacheScope means', async () => {
    const trace = await runAgainst({ ttlMs: 600_000, cacheScope: 'private' }, '2026-07-28');
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(count(trace, 'mcp.tools-list.request')).toBe(1);
    expect(trace.steps.find((step) => step.id === 'mcp.tools-list.response')?.payload).toMatchObject({ result: { ttlMs: 600_000, cacheScope: 'private' } });
    // Between the tool's result and the model's second request.
    const order = ids(trace);
    const fresh = order.indexOf('host.tools-list-fresh');
    expect(fresh).toBeGreaterThan(order.indexOf('client.result-to-host'));
    expect(fresh).toBeLessThan(order.indexOf('host.translate-tool-result'));
    expect(order).not.toContain('host.tools-list-stale');
    const step = trace.steps[fresh]!;
    expect(step.payload).toMatchObject({ ttlMs: 600_000, cacheScope: 'private' });
    const words = checkWords(trace, fresh);
    expect(words.problems).toEqual([]);
    expect(words.title).toMatch(/^The tool list is still fresh \(.+ old, ttlMs 600000\) and nothing said it changed: the host does not list the tools again$/);
    expect(words.summary).toContain('said its list stays fresh for 10 min (ttlMs 600000)');
    expect(words.summary).toContain('cacheScope private: the list may be kept only for whoever asked');
    // The CLI prints the same title, and what the scope means.
    const text = formatTraceText({ trace });
    expect(text).toContain(step.title);
    expect(text).toContain('note: cacheScope private');
  });

  it('a list past its ttlMs is listed again before the next model request, in the open, though nothing said it changed', async () => {
    const trace = await runAgainst({ ttlMs: 0, cacheScope: 'public' }, '2026-07-28');
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(count(trace, 'mcp.tools-list.request')).toBe(2);
    const order = ids(trace);
    const stale = order.indexOf('host.tools-list-stale');
    expect(stale).toBeGreaterThan(order.indexOf('client.result-to-host'));
    expect(order.slice(stale + 1, stale + 3)).toEqual(['mcp.tools-list.request', 'mcp.tools-list.response']);
    expect(order.lastIndexOf('host.translate-tools')).toBeLessThan(order.indexOf('host.translate-tool-result'));
    expect(order).not.toContain('host.tools-list-fresh');
    const words = checkWords(trace, stale);
    expect(words.problems).toEqual([]);
    expect(words.title).toMatch(
      /^The tool list is past its ttlMs \(.+ old, ttlMs 0\) and nothing said it changed: the host lists the tools again before it asks the model$/,
    );
    expect(words.summary).toContain('said ttlMs 0: stale at once');
    expect(words.summary).toContain('cacheScope public: the list holds nothing of one user’s');
  });

  it('2025-11-25 lists carry no ttl: the host keeps the list, with no step about its freshness', async () => {
    const trace = await runAgainst({ ttlMs: 0, cacheScope: 'public' }, '2025-11-25');
    expect(trace.status).toBe('complete');
    expect(count(trace, 'mcp.tools-list.request')).toBe(1);
    expect(trace.steps.find((step) => step.id === 'mcp.tools-list.response')?.payload).not.toHaveProperty('result.ttlMs');
    expect(ids(trace).filter((id) => id.startsWith('host.tools-list-'))).toEqual([]);
  });
});
