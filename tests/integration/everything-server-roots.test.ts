import { describe, expect, it } from 'vitest';
import type { HostRoot } from '../../src/lifecycle/roots.ts';
import type { Step } from '../../src/trace/trace.ts';
import { createEverythingRun } from '../helpers/everything-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Roots against a server we did not write: the reference everything server registers
 * get-roots-list, and asks roots/list right after initialize, only for a client that
 * declares roots. It speaks 2025-11-25 alone (SDK v1), so this era only; over stdio.
 */

const server = useServer();
const find = (steps: Step[], id: string) => steps.find((step) => step.id === id);

function runAgainstEverything(question: string, roots?: HostRoot[]) {
  return createEverythingRun(server.url, { question, ...(roots ? { roots } : {}) }).start();
}

describe('roots with the everything server', () => {
  it('declared when given: the server asks roots/list, the host answers with exactly the configured roots, and get-roots-list reads them back', async () => {
    const roots = [{ uri: 'file:///home/learner/project', name: 'project' }, { uri: 'file:///tmp/scratch' }];
    const trace = await runAgainstEverything('Get the roots list', roots);
    expect(trace.status).toBe('complete');
    expect((find(trace.steps, 'mcp.initialize.request')?.payload as { params: { capabilities: object } }).params.capabilities).toEqual({
      sampling: {},
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
    });
    const asked = trace.steps.filter((step) => step.id === 'mcp.server-request' && (step.payload as { method?: unknown }).method === 'roots/list');
    expect(asked.length).toBeGreaterThan(0);
    expect(find(trace.steps, 'client.roots-to-host')?.payload).toEqual({ method: 'roots/list' });
    const answer = find(trace.steps, 'host.roots.result')!;
    expect(answer.payload).toEqual({ roots: [{ uri: 'file:///home/learner/project', name: 'project' }, { uri: 'file:///tmp/scratch' }] });
    expect(answer.note).toContain('advisory');
    expect(answer.deprecated).toBeUndefined();
    const answered = trace.steps.find((step) => step.id === 'mcp.server-request.answer' && JSON.stringify(step.payload).includes('file:///tmp/scratch'));
    expect(answered?.payload).toMatchObject({ result: { roots: [{ uri: 'file:///home/learner/project', name: 'project' }, { uri: 'file:///tmp/scratch' }] } });
    expect(find(trace.steps, 'mcp.tools-call.request')?.payload).toMatchObject({ params: { name: 'get-roots-list' } });
    const text = JSON.stringify(find(trace.steps, 'mcp.tools-call.response')?.payload);
    expect(text).toContain('Current MCP Roots (2 total)');
    expect(text).toContain('URI: file:///home/learner/project');
  }, 60_000);

  it('asked outside any call while the learner is at another step, the answer queues at the gate behind it, and the run goes on', async () => {
    const run = createEverythingRun(server.url, { question: 'Get the roots list', roots: [{ uri: 'file:///a' }], autoRelease: false });
    const announced: string[] = [];
    let held: (() => void) | undefined;
    run.subscribe((event) => {
      // Once the host has answered and the client's answer has had every chance to reach the gate (setImmediate runs after the promise jobs), tools/list may go.
      if (event.type === 'step' && event.step.id === 'host.roots.result') setImmediate(() => held?.());
      if (event.type !== 'waiting') return;
      announced.push(event.pending.id);
      const release = () => queueMicrotask(() => run.release({}));
      // tools/list is held until the server's roots/list (sent after initialize, on its own) has been answered.
      if (event.pending.id === 'mcp.tools-list.request') held = release;
      else release();
    });
    const trace = await run.start();
    expect(trace.status).toBe('complete');
    // The answer to roots/list waited its turn: announced only after tools/list had passed.
    expect(announced.indexOf('mcp.server-request.answer')).toBe(announced.indexOf('mcp.tools-list.request') + 1);
    const ids = trace.steps.map((step) => step.id);
    expect(ids.indexOf('mcp.server-request')).toBeLessThan(ids.indexOf('mcp.tools-list.request'));
    // Asked during discovery, so its steps are in that phase, not in the tool's.
    expect(find(trace.steps, 'host.roots.result')?.phase).toBe('discovery');
    expect(find(trace.steps, 'mcp.tools-call.response')?.payload).toMatchObject({ result: { content: [{ text: expect.stringContaining('file:///a') }] } });
  }, 60_000);

  it('not declared when none are given: no roots capability, no roots/list, and no get-roots-list tool', async () => {
    const trace = await runAgainstEverything('Get the roots list');
    expect((find(trace.steps, 'mcp.initialize.request')?.payload as { params: { capabilities: object } }).params.capabilities).not.toHaveProperty('roots');
    expect(JSON.stringify(trace.steps.map((step) => step.payload))).not.toContain('roots/list');
    const tools = (find(trace.steps, 'mcp.tools-list.response')?.payload as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
    expect(tools).not.toContain('get-roots-list');
  }, 60_000);
});
