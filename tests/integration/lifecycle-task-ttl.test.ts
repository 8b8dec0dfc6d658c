import { describe, expect, it } from 'vitest';
import { createCountInBackground } from '../../server/mcp/tools/count-in-background.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ERAS, type Era } from '../../src/trace/vocabulary.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A task outlives its ttl, for real: the toolbox's count_in_background kept 300 ms, and
 * the learner holds the first poll at the gate for longer. The server has dropped the
 * task by then and answers tasks/get with -32602 "Task has expired" (the spec's words);
 * the host's step says the ttl had run out and by how much, and the model hears the
 * server's error. The run goes on to the answer.
 */

const TTL_MS = 300;
const server = useServer({ toolboxTools: [createCountInBackground({ intervalMs: 400, pollIntervalMs: 100, ttlMs: TTL_MS })] });

async function runHoldingFirstPoll(era: Era): Promise<Trace> {
  const run = createMockRun(server.url, { mcpUrl: `${server.url}/mcp/toolbox`, question: 'Count to 2 in the background', era });
  let held = false;
  run.subscribe((event) => {
    if (event.type !== 'waiting') return;
    if (held || event.pending.id !== 'mcp.tasks-get.request') return void queueMicrotask(() => run.release());
    // The learner reads the poll at the gate for twice the task's ttl before letting it go.
    held = true;
    setTimeout(() => run.release(), 2 * TTL_MS);
  });
  const trace = await run.start();
  expect(held).toBe(true);
  return trace;
}

describe.each(ERAS)('a task polled after its ttl ran out, era %s', (era) => {
  it('is answered -32602 "Task has expired"; the host’s step says the ttl ran out, and the model hears the error', async () => {
    const trace = await runHoldingFirstPoll(era);
    expect(trace.status).toBe('complete');
    const created = trace.steps.find((step) => step.id === 'mcp.task.created');
    expect(JSON.stringify(created?.payload)).toContain(era === '2025-11-25' ? `"ttl":${TTL_MS}` : `"ttlMs":${TTL_MS}`);
    const poll = trace.steps.findIndex((step) => step.id === 'mcp.tasks-get.request');
    const answer = trace.steps.slice(poll).find((step) => step.id === 'mcp.response');
    expect(answer?.payload).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^Failed to retrieve task: Task has expired/) } });
    expect(answer?.title).toContain('Task has expired');
    const handed = trace.steps.find((step) => step.id === 'client.result-to-host');
    expect(handed?.payload).toMatchObject({ error: { code: -32602 } });
    const field = era === '2025-11-25' ? 'ttl' : 'ttlMs';
    expect(handed?.note).toMatch(
      new RegExp(`^tasks/get answered -32602: the task is gone\\. Its ttl \\(${field} ${TTL_MS}\\) had run out \\d+ ms before this answer came`),
    );
    expect(trace.answer).toContain('Task has expired');
  });
});
