import { describe, expect, it } from 'vitest';
import { createLifecycleRun, type LifecycleRun } from '../../src/lifecycle/engine.ts';
import { WIRE_CATALOG, requireWireInfo } from '../../src/providers/wire-catalog.ts';
import type { Step } from '../../src/trace/trace.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The sampling and elicitation scenarios through the host, against the real toolbox and
 * the mock model over HTTP: what the server asked, what translation #4 sent the provider
 * in each wire format, what went back to the server, and the learner's answers at the
 * gate (a declined sampling request, a declined and an accepted form) in both eras.
 */

const server = useServer();

function startRun({
  question,
  era,
  wire = 'openai-chat',
  autoRelease = true,
}: {
  question: string;
  era: '2025-11-25' | '2026-07-28';
  wire?: string;
  autoRelease?: boolean;
}): LifecycleRun {
  return createLifecycleRun({
    question,
    era,
    mcpUrl: `${server.url}/mcp/toolbox`,
    provider: { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: 'mock-model-deterministic' },
    autoRelease,
    networkTimeoutMs: 10_000,
  });
}

/** Opens every gate, with the learner's payload at the steps named in `answers`. */
function answerGates(run: LifecycleRun, answers: Record<string, unknown>): void {
  run.subscribe((event) => {
    if (event.type !== 'waiting') return;
    const payload = answers[event.pending.id];
    queueMicrotask(() => run.release(payload === undefined ? {} : { payload }));
  });
}

const find = (steps: Step[], id: string) => steps.find((step) => step.id === id);
const ids = (steps: Step[]) => steps.map((step) => step.id);

describe.each(['2025-11-25', '2026-07-28'] as const)('what the host declares it can do, in %s', (era) => {
  it('sampling and elicitation (form and URL) on the wire, in initialize or on every request, and no roots, which it has none of', async () => {
    const trace = await startRun({ question: 'What is 5 plus 7?', era }).start();
    const expected = { sampling: {}, elicitation: { form: {}, url: {} } };
    const requests = trace.steps.filter(
      (step) => step.from === 'client' && step.to === 'server' && typeof (step.payload as { method?: unknown }).method === 'string',
    );
    if (era === '2025-11-25') {
      // Declared once, in the handshake: the session remembers it.
      expect((find(trace.steps, 'mcp.initialize.request')?.payload as { params: { capabilities: object } }).params.capabilities).toEqual(expected);
      return;
    }
    // No handshake in 2026-07-28: each message, server/discover first, says it again in _meta, with the tasks
    // extension the host takes; the toolbox's tool list can change, so a subscription opens first and is closed at the end.
    expect(requests.map((step) => (step.payload as { method: string }).method)).toEqual([
      'server/discover',
      'subscriptions/listen',
      'tools/list',
      'tools/call',
      'notifications/cancelled',
    ]);
    const declared = { ...expected, extensions: { 'io.modelcontextprotocol/tasks': {} } };
    for (const step of requests)
      expect((step.payload as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/clientCapabilities']).toEqual(declared);
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('sampling in %s', (era) => {
  it.each(WIRE_CATALOG.map((wire) => wire.id))('phrase_sum asks the host’s model in %s, and the sentence comes back', async (wire) => {
    const trace = await startRun({ question: 'Phrase 5 and 7 as a sentence', era, wire }).start();
    expect(trace.status).toBe('complete');
    const review = find(trace.steps, 'host.sampling.review')!;
    expect(review.payload).toMatchObject({
      decision: 'approve',
      messages: [{ role: 'user', content: { type: 'text', text: 'Put this result into one short sentence for the user: 5 + 7 = 12.' } }],
    });
    const request = find(trace.steps, 'host.translate-sampling-request')!;
    expect(request.translation?.number).toBe(4);
    expect(request.http?.url).toContain(requireWireInfo(wire).mockBasePath);
    expect(request.http?.status).toBe(200);
    const result = find(trace.steps, 'host.sampling.result')!;
    expect(result.payload).toMatchObject({ role: 'assistant', content: { type: 'text', text: '5 plus 7 is 12.' }, model: 'mock-model-deterministic' });
    expect(trace.answer).toContain('5 plus 7 is 12.');
    if (era === '2025-11-25') {
      // The request on the call's stream, and the answer in a POST of its own.
      expect(find(trace.steps, 'mcp.server-request')?.payload).toMatchObject({ method: 'sampling/createMessage' });
      expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: { content: { text: '5 plus 7 is 12.' } } });
    } else {
      expect(find(trace.steps, 'mcp.input-required')?.payload).toMatchObject({
        result: { resultType: 'input_required', inputRequests: { phrasing: { method: 'sampling/createMessage' } } },
      });
      const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request');
      expect(calls).toHaveLength(2);
      expect(calls[1]!.payload).toMatchObject({ params: { name: 'phrase_sum', inputResponses: { phrasing: { content: { text: '5 plus 7 is 12.' } } } } });
      expect(ids(trace.steps)).not.toContain('mcp.server-request');
    }
  });

  it('a declined sampling request never reaches the model; the server is told in 2025-11-25, and in 2026-07-28 the steps say it is not', async () => {
    const run = startRun({ question: 'Phrase 5 and 7 as a sentence', era, autoRelease: false });
    answerGates(run, { 'host.sampling.review': { decision: 'decline' } });
    const trace = await run.start();
    expect(ids(trace.steps)).not.toContain('host.translate-sampling-request');
    expect(find(trace.steps, 'host.sampling.result')?.payload).toEqual({ error: { code: -1, message: 'The user declined the sampling request' } });
    const declined = find(trace.steps, 'host.sampling.result')!;
    if (era === '2025-11-25') {
      expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ error: { code: -1 } });
      expect(declined.title).toBe('The user declined: the server is told, and the model is not asked');
      return;
    }
    // 2026-07-28: an inputResponses entry cannot be an error, so the call ends at the client and the steps say so.
    expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request')).toHaveLength(1);
    expect(declined.title).toBe('The user declined: the model is not asked, and the call ends at the client (the server is not told)');
    expect(declined.note).toContain('never hears');
    expect(find(trace.steps, 'client.result-to-host')?.note).toContain('the client’s own');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('elicitation in %s', (era) => {
  it('the form’s defaults are accepted when nobody answers, and the step says so', async () => {
    const trace = await startRun({ question: 'Ask me for a number to add to 5', era }).start();
    expect(find(trace.steps, 'host.elicitation.ask')?.payload).toMatchObject({
      message: 'What number should be added to 5?',
      requestedSchema: { required: ['b'] },
    });
    const answer = find(trace.steps, 'user.elicitation.answer')!;
    expect(answer.payload).toEqual({ action: 'accept', content: { b: 7, confirm: true } });
    expect(answer.note).toContain('defaults');
    expect(trace.answer).toContain('12');
  });

  it('the user’s own answer, and a decline, reach the server', async () => {
    for (const [payload, expected] of [
      [{ action: 'accept', content: { b: 30, confirm: true } }, '35'],
      [{ action: 'decline' }, 'The user chose decline'],
    ] as const) {
      const run = startRun({ question: 'Ask me for a number to add to 5', era, autoRelease: false });
      answerGates(run, { 'user.elicitation.answer': payload });
      const trace = await run.start();
      expect(find(trace.steps, 'host.elicitation.result')?.payload).toEqual(payload);
      expect(find(trace.steps, 'client.result-to-host')?.payload).toMatchObject({ content: [{ text: expect.stringContaining(expected) }] });
    }
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('URL-mode elicitation in %s', (era) => {
  it.each([
    [
      { action: 'accept' },
      "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in.",
    ],
    [{ action: 'decline' }, 'The user chose decline: not signed in, so nothing was done.'],
  ] as const)('sign_in_first names the server’s own page; %o reaches the server, and only that', async (answer, expected) => {
    const run = startRun({ question: 'Sign me in first', era, autoRelease: false });
    answerGates(run, { 'user.elicitation.answer': answer });
    const trace = await run.start();
    const asked = find(trace.steps, 'host.elicitation.ask')!.payload;
    expect(asked).toEqual({ message: 'Open this page of the server to sign in, then come back.', url: `${server.url}/mcp/toolbox/elicitation-page` });
    const page = await fetch(`${server.url}/mcp/toolbox/elicitation-page`);
    expect(page.status).toBe(200);
    expect(find(trace.steps, 'host.elicitation.result')?.payload).toEqual(answer);
    if (era === '2025-11-25') expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: answer });
    else
      expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request').at(-1)?.payload).toMatchObject({
        params: { inputResponses: { 'sign-in': answer } },
      });
    expect(find(trace.steps, 'client.result-to-host')?.payload).toMatchObject({ content: [{ text: expected }] });
  });
});
