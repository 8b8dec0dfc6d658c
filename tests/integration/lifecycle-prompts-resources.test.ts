import { describe, expect, it } from 'vitest';
import { findScenario } from '../../src/content/scenarios.ts';
import type { RunOptions, LifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import type { Release } from '../../src/lifecycle/gate.ts';
import type { PendingStep } from '../../src/lifecycle/trace-writer.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Prompts, resources, consent and a changing tool list against the real /mcp/toolbox in
 * both eras: the assertions read the JSON-RPC messages that really crossed, from the
 * recorded HTTP bodies and SSE frames, and the provider request the mock model got.
 */

const server = useServer();

function runScenario(id: string, era: RunOptions['era'], overrides: Partial<RunOptions> = {}) {
  const scenario = findScenario(id);
  if (!scenario) throw new Error(`No scenario ${id}`);
  return createMockRun(server.url, {
    era,
    question: scenario.question,
    mcpUrl: `${server.url}${scenario.mcpPath}`,
    autoRelease: true,
    ...(scenario.prompt ? { prompt: scenario.prompt } : {}),
    ...(scenario.listResources ? { listResources: true } : {}),
    ...overrides,
  });
}

function stepsOf(trace: Trace, id: string): Step[] {
  return trace.steps.filter((step) => step.id === id);
}

/** The JSON-RPC request a step sent, as its recorded HTTP body has it. */
function readSentBody(step: Step | undefined): { method?: string; params?: Record<string, unknown> } {
  const body = step?.http?.requestBody;
  if (!body) throw new Error(`Step ${step?.id} has no recorded request body`);
  return JSON.parse(body);
}

/** The messages (user and assistant turns) the host sent to the model in a recorded provider request. */
function readProviderMessages(step: Step | undefined): { role: string; content: unknown }[] {
  return JSON.parse(step?.http?.requestBody ?? '{}').messages ?? [];
}

describe.each(['2025-11-25', '2026-07-28'] as const)('in the %s era', (era) => {
  it('starts from a prompt: prompts/get with the arguments, its messages (translation #5) are what the model gets', async () => {
    const trace = await runScenario('prompts', era).start();
    expect(trace.status).toBe('complete');
    const get = stepsOf(trace, 'mcp.prompts-get.request')[0];
    expect(readSentBody(get)).toMatchObject({
      method: 'prompts/get',
      params: { name: 'unit_conversion', arguments: { value: '5', from: 'kilometers', to: 'miles' } },
    });
    const answer = stepsOf(trace, 'mcp.prompts-get.response')[0]?.payload as { result: { messages: unknown[] } };
    expect(answer.result.messages).toHaveLength(3);
    const translation = stepsOf(trace, 'host.translate-prompt')[0]?.translation;
    expect(translation).toMatchObject({ number: 5, input: answer.result.messages });
    const sent = readProviderMessages(stepsOf(trace, 'provider.request')[0]);
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[2]).toEqual({ role: 'user', content: 'Convert 5 kilometers to miles' });
    expect(stepsOf(trace, 'mcp.tools-call.request').map((step) => readSentBody(step).params?.name)).toEqual(['convert_units']);
    expect(trace.answer).toContain('3.11 miles');
  });

  it('names a prompt the server does not have in words, listing the ones it has', async () => {
    const trace = await runScenario('prompts', era, { prompt: { name: 'no_such_prompt' } }).start();
    expect(trace.status).toBe('failed');
    // The fault is the run's last step of its own; a session the toolbox kept is ended after it (DELETE).
    expect(trace.steps.findLast((step) => step.fault)?.fault).toMatchObject({
      what: 'The server has no prompt named “no_such_prompt”.',
      why: expect.stringContaining('unit_conversion'),
    });
  });

  it('reads a resource_link the tool answered, and puts its text into the model’s context', async () => {
    const trace = await runScenario('resources', era).start();
    expect(trace.status).toBe('complete');
    const listed = stepsOf(trace, 'mcp.resources-list.response')[0]?.payload as { result: { resources: { uri: string }[] } };
    expect(listed.result.resources.map((resource) => resource.uri)).toContain('toolbox://tables/length-units');
    const result = stepsOf(trace, 'mcp.tools-call.response')[0]?.payload as { result: { content: { type: string }[] } };
    expect(result.result.content.map((block) => block.type)).toEqual(['text', 'resource_link']);
    expect(readSentBody(stepsOf(trace, 'mcp.resources-read.request')[0])).toMatchObject({
      method: 'resources/read',
      params: { uri: 'toolbox://tables/length-units' },
    });
    expect(stepsOf(trace, 'host.resource-to-context')[0]?.payload).toMatchObject({ uri: 'toolbox://tables/length-units', included: true });
    // What the model got back with the tool result carries the table the host read.
    const toolMessage = readProviderMessages(stepsOf(trace, 'host.translate-tool-result')[0]).find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toContain('| miles | 1609.344 |');
  });

  it('lists the tools again after notifications/tools/list_changed, and the next model request carries the new list', async () => {
    const trace = await runScenario('tools-changed', era).start();
    expect(trace.status).toBe('complete');
    const changed = stepsOf(trace, 'mcp.tools-list-changed.notification');
    expect(changed.map((step) => (step.payload as { method: string }).method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/tools/list_changed',
    ]);
    expect(stepsOf(trace, 'host.list-tools-again')).toHaveLength(2);
    const offered = stepsOf(trace, 'host.translate-tool-result').map((step) =>
      (JSON.parse(step.http?.requestBody ?? '{}').tools as { function: { name: string } }[]).map((tool) => tool.function.name),
    );
    expect(offered[0]).toContain('convert_temperature');
    expect(offered[1]).not.toContain('convert_temperature');
    expect(stepsOf(trace, 'mcp.tools-call.request').map((step) => readSentBody(step).params?.name)).toEqual(['unlock_temperature_tool', 'convert_temperature']);
    expect(trace.answer).toContain('212 fahrenheit');
  });

  it('asks the user before a destructive tool; deny sends no tools/call and ends declined', async () => {
    const trace = await runScenario('consent', era, { answers: { consent: 'deny' } }).start();
    expect(trace.status).toBe('declined');
    expect(stepsOf(trace, 'host.ask-consent')[0]?.payload).toMatchObject({
      tool: 'delete_note',
      arguments: { name: 'draft' },
      annotations: { destructiveHint: true },
    });
    expect(stepsOf(trace, 'host.ask-consent')[0]?.note).toContain('hints from the server');
    expect(stepsOf(trace, 'user.consent')[0]?.payload).toEqual({ decision: 'deny' });
    expect(stepsOf(trace, 'mcp.tools-call.request')).toEqual([]);
    expect(trace.answer).toContain('declined');
  });
});

/** Opens every gate as it comes, with the answer this test gives at each; records what was waiting when. */
function driveRun(run: LifecycleRun, answer: (pending: PendingStep) => Release): void {
  run.subscribe((event) => {
    if (event.type === 'waiting') setTimeout(() => run.release(answer(event.pending)), 0);
  });
}

describe('the consent gate, answered by the learner', () => {
  it('waits at the user’s answer; an allow sends tools/call and the note is deleted', async () => {
    const run = runScenario('consent', '2025-11-25', { autoRelease: false });
    let atConsent: { pending: PendingStep; calledYet: boolean } | undefined;
    driveRun(run, (pending) => {
      if (pending.id !== 'user.consent') return {};
      atConsent = { pending, calledYet: run.trace.steps.some((step) => step.id === 'mcp.tools-call.request') };
      return { payload: { decision: 'allow' } };
    });
    const trace = await run.start();
    expect(atConsent?.pending).toMatchObject({ editable: true, payload: { decision: 'allow' } });
    expect(atConsent?.calledYet).toBe(false);
    expect(trace.status).toBe('complete');
    expect(readSentBody(stepsOf(trace, 'mcp.tools-call.request')[0])).toMatchObject({ params: { name: 'delete_note', arguments: { name: 'draft' } } });
    expect(trace.answer).toContain('Deleted the note draft');
  });

  it('reads an answer that is neither allow nor deny as deny', async () => {
    const run = runScenario('consent', '2026-07-28', { autoRelease: false });
    driveRun(run, (pending) => (pending.id === 'user.consent' ? { payload: { decision: 'maybe' } } : {}));
    const trace = await run.start();
    expect(trace.status).toBe('declined');
    expect(stepsOf(trace, 'user.consent')[0]?.note).toContain('reads it as deny');
    expect(stepsOf(trace, 'mcp.tools-call.request')).toEqual([]);
  });
});
