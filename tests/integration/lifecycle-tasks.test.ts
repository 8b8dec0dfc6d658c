import { describe, expect, it } from 'vitest';
import { TASK_CANCELLED_BY_USER } from '../../src/lifecycle/task-call.ts';
import type { RunOptions } from '../../src/lifecycle/run-context.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { ERAS, type Era } from '../../src/trace/vocabulary.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { createEverythingRun } from '../helpers/everything-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host follows a task, for real: count_in_background on the built-in toolbox in both
 * eras, and the everything server's simulate-research-query (a server we did not write,
 * the v1 SDK's experimental tasks) over stdio. Every status the server gave is a step, the
 * polls wait the interval the server asked, the halfway question goes through the gate,
 * and the model gets the task's result, error, or the user's cancel.
 */

const server = useServer();

const ids = (trace: Trace) => trace.steps.map((step) => step.id);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const methodOf = (step: Step) => (isRecord(step.payload) && typeof step.payload.method === 'string' ? step.payload.method : null);

function runTask({
  era,
  question = 'Count to 5 in the background',
  ...options
}: { era: Era; question?: string } & Pick<RunOptions, 'tasks' | 'answers'>): Promise<Trace> {
  return createMockRun(server.url, { mcpUrl: `${server.url}/mcp/toolbox`, question, era, autoRelease: true, ...options }).start();
}

/** Each poll after the first status left no sooner than the interval the server asked after the status before it. */
function findEarlyPolls(trace: Trace): string[] {
  return trace.steps.flatMap((step, index) => {
    if (step.id !== 'mcp.tasks-get.request') return [];
    const status = trace.steps
      .slice(0, index)
      .findLast((earlier) => earlier.id === 'mcp.task.created' || earlier.id.startsWith('mcp.task.') || earlier.id === 'mcp.tasks-update.response');
    return status && step.at - status.at < 450 ? [`step ${step.n} left ${Math.round(step.at - status.at)} ms after step ${status.n}`] : [];
  });
}

describe.each(ERAS)('count_in_background as a task, era %s', (era) => {
  it('is created, polled at the interval asked, asks halfway through the gate, completes, and the model gets the result', async () => {
    const trace = await runTask({ era });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toContain('Counted to 5 in the background.');
    const steps = ids(trace);
    expect(steps).toContain('mcp.task.created');
    expect(steps).toContain('mcp.task.input-required');
    expect(steps).toContain('user.elicitation.answer');
    expect(findEarlyPolls(trace)).toEqual([]);
    const firstPoll = trace.steps.find((step) => step.id === 'mcp.tasks-get.request')!;
    expect(firstPoll.note).toMatch(/as the server asked \(pollInterval(Ms)? 500\)/);
    if (era === '2025-11-25') {
      // The client asked for the task; the question came on the tasks/result stream, and the result as its answer.
      expect(trace.steps.find((step) => step.id === 'mcp.tools-call.request')?.payload).toMatchObject({ params: { task: { ttl: 300_000 } } });
      expect(trace.steps.find((step) => step.id === 'mcp.server-request')?.payload).toMatchObject({
        method: 'elicitation/create',
        params: { _meta: { 'io.modelcontextprotocol/related-task': expect.any(Object) } },
      });
      expect(trace.steps.find((step) => step.id === 'mcp.tasks-result.response')?.payload).toMatchObject({
        result: { content: [{ text: 'Counted to 5 in the background.' }] },
      });
    } else {
      // The request declared the extension; the answer went back with tasks/update, and the result came inside tasks/get.
      expect(trace.steps.find((step) => step.id === 'mcp.tools-call.request')?.payload).toMatchObject({
        params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } } },
      });
      expect(trace.steps.find((step) => step.id === 'mcp.tasks-update.request')?.payload).toMatchObject({
        params: { inputResponses: { 'ask-1': { action: 'accept', content: { goOn: true } } } },
      });
      expect(trace.steps.find((step) => step.id === 'mcp.task.completed')?.payload).toMatchObject({
        result: { result: { content: [{ text: 'Counted to 5 in the background.' }] } },
      });
      expect(steps).not.toContain('mcp.tasks-result.request');
    }
    expect(trace.steps.find((step) => step.id === 'client.result-to-host')?.payload).toMatchObject({ content: [{ text: 'Counted to 5 in the background.' }] });
  });

  it('stops where it is when the user declines to go on', async () => {
    const trace = await runTask({ era, answers: { elicitation: { action: 'decline' } } });
    expect(trace.answer).toContain('Stopped at 3 of 5, as the user asked.');
  });

  it('fails past its counter: the failed status is a step, and the model hears the JSON-RPC error', async () => {
    const trace = await runTask({ era, question: 'Count to 12 in the background' });
    expect(ids(trace)).toContain('mcp.task.failed');
    expect(trace.answer).toContain('MCP error -32603: The counter overflowed at 11');
  });

  it('is cancelled (tasks/cancel, the CLI’s --cancel-task) after its first status, and the model is told', async () => {
    const trace = await runTask({ era, tasks: { cancelAfterFirstStatus: true } });
    const cancel = trace.steps.find((step) => step.id === 'mcp.tasks-cancel.request');
    expect(cancel).toBeDefined();
    expect(ids(trace)).toContain('mcp.task.cancelled');
    if (era === '2026-07-28') expect(ids(trace)).toContain('mcp.tasks-cancel.response');
    expect(trace.steps.find((step) => step.id === 'client.result-to-host')?.payload).toEqual({ error: { message: TASK_CANCELLED_BY_USER } });
    expect(trace.answer).toContain('The user cancelled this task');
  });

  it('takes back a poll waiting at the gate when the learner cancels there: it is never sent, tasks/cancel goes instead', async () => {
    const run = createMockRun(server.url, { mcpUrl: `${server.url}/mcp/toolbox`, question: 'Count to 5 in the background', era });
    let cancelled = false;
    run.subscribe((event) => {
      if (event.type !== 'waiting') return;
      // The first poll at the gate: cancel there, as the page's Cancel the task does; every other gate opens.
      if (!cancelled && event.pending.id === 'mcp.tasks-get.request') cancelled = run.cancelToolCall();
      else queueMicrotask(() => run.release());
    });
    const trace = await run.start();
    expect(cancelled).toBe(true);
    const cancelAt = trace.steps.findIndex((step) => step.id === 'mcp.tasks-cancel.request');
    expect(cancelAt).toBeGreaterThan(0);
    // The withdrawn poll left no step: the only tasks/get after the creation is 2026-07-28's look after the cancel.
    const polls = trace.steps.filter((step) => step.id === 'mcp.tasks-get.request');
    expect(polls.every((poll) => trace.steps.indexOf(poll) > cancelAt)).toBe(true);
    expect(trace.answer).toContain('The user cancelled this task');
  });
});

describe('the everything server’s simulate-research-query (v1 SDK tasks), over stdio', () => {
  it('is a task: polled, asks for a clarification on the tasks/result stream, and its report reaches the model', async () => {
    const trace = await createEverythingRun(server.url, { question: 'Simulate a research query about python, ambiguous' }).start();
    expect(trace.status).toBe('complete');
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.request')?.payload).toMatchObject({
      params: { name: 'simulate-research-query', task: { ttl: 300_000 } },
    });
    expect(trace.steps.find((step) => step.id === 'mcp.task.created')?.payload).toMatchObject({ result: { task: { status: 'working', pollInterval: 1000 } } });
    expect(ids(trace)).toContain('mcp.task.input-required');
    expect(trace.steps.find((step) => step.id === 'mcp.server-request')?.payload).toMatchObject({ method: 'elicitation/create' });
    expect(trace.steps.filter((step) => methodOf(step) === 'tasks/result')).toHaveLength(1);
    expect(trace.answer).toContain('Research Report');
  });
});
