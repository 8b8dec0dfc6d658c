import { describe, expect, it } from 'vitest';
import type { RunOptions } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { createEverythingRun } from '../helpers/everything-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * URL elicitation signalled by an error (-32042, MCP 2025-11-25): the reference everything
 * server's trigger-url-elicitation with errorPath refuses the first call with a page the
 * user must open first, and answers the same call sent again. The host asks the user that
 * page as it asks an elicitation/create in URL mode; accepted, the call goes again once;
 * declined, the model hears why in words said once.
 */

const server = useServer();
const QUESTION = 'Use trigger-url-elicitation with {"url":"https://example.com/connect","errorPath":true}';
const PREREQUISITE = 'https://modelcontextprotocol.io';

function runAgainstEverything(overrides: Partial<RunOptions> = {}): Promise<Trace> {
  return createEverythingRun(server.url, { question: QUESTION, ...overrides }).start();
}

const idsOf = (trace: Trace) => trace.steps.map((step) => step.id);
const count = (trace: Trace, id: string) => idsOf(trace).filter((candidate) => candidate === id).length;

describe('-32042 from the everything server', () => {
  it('accepted: the page is asked as a URL elicitation, then the same tools/call goes again and the tool answers', async () => {
    const trace = await runAgainstEverything();
    expect(trace.status).toBe('complete');
    const asked = trace.steps.find((step) => step.id === 'client.elicitation-to-host')!;
    expect(asked.payload).toMatchObject({ mode: 'url', url: PREREQUISITE });
    expect(asked.note).toContain('-32042');
    expect(trace.steps.find((step) => step.id === 'user.elicitation.answer')?.payload).toEqual({ action: 'accept' });
    const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request').map((step) => step.payload);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ params: { name: 'trigger-url-elicitation', arguments: { url: 'https://example.com/connect', errorPath: true } } });
    expect(trace.answer).toContain('User completed the URL elicitation flow');
    expect(trace.answer).not.toContain('-32042');
  });

  it("declined: the call is not sent again, and the model hears why, without the server's error said twice", async () => {
    const trace = await runAgainstEverything({ answers: { elicitation: { action: 'decline' } } });
    expect(trace.status).toBe('complete');
    expect(count(trace, 'mcp.tools-call.request')).toBe(1);
    expect(count(trace, 'user.elicitation.answer')).toBe(1);
    expect(trace.answer).toContain('open a page of its own before it can run the tool trigger-url-elicitation');
    expect(trace.answer).toContain('the answer was decline');
    expect(JSON.stringify(trace)).not.toContain('MCP error -32042: MCP error -32042');
  });
});
