import { describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import type { Step } from '../../src/trace/trace.ts';
import { forwardRequest } from '../helpers/forward-request.ts';
import { startHttpServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The two faults inside a sampling request, each its own outcome, through the host against
 * the real toolbox and mock model in both eras: the model refuses (the server gets a
 * CreateMessageResult with stopReason "refusal" and its tool answers without the
 * sentence), and the model never answers (the host's sampling timeout, an error to the
 * server, and the run goes on to the model's answer in words).
 */

const server = useServer();

function startRun({ era, model, wire = 'openai-chat' }: { era: '2025-11-25' | '2026-07-28'; model: string; wire?: string }) {
  return createLifecycleRun({
    question: 'Phrase 5 and 7 as a sentence',
    era,
    mcpUrl: `${server.url}/mcp/toolbox`,
    provider: { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    // Only the stalling model needs a short sampling limit: under a loaded machine 0.4 s would time out the refusing one too.
    limits: model === 'mock-model-stalling-sampling' ? { samplingAnswerMs: 400 } : {},
  });
}

const find = (steps: Step[], id: string) => steps.find((step) => step.id === id);
const ids = (steps: Step[]) => steps.map((step) => step.id);

describe.each(['2025-11-25', '2026-07-28'] as const)('a sampling request that goes wrong, in %s', (era) => {
  it.each(['openai-chat', 'anthropic', 'openai-responses'])(
    'the model refuses (%s): stopReason "refusal" goes back and the tool answers with the plain sum',
    async (wire) => {
      const trace = await startRun({ era, model: 'mock-model-refusing-sampling', wire }).start();
      expect(trace.status).toBe('complete');
      expect(ids(trace.steps)).not.toContain('host.sampling.result');
      const refused = find(trace.steps, 'host.sampling.refused')!;
      expect(refused.payload).toMatchObject({ role: 'assistant', model: 'mock-model-refusing-sampling', stopReason: 'refusal' });
      expect(refused.translation?.number).toBe(4);
      const toolResult = JSON.stringify(find(trace.steps, 'mcp.tools-call.response')?.payload);
      expect(toolResult).toContain('The client’s model refused to phrase the result (stopReason \\"refusal\\"), so here it is plainly: 5 + 7 = 12.');
      if (era === '2025-11-25') expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: { stopReason: 'refusal' } });
      else
        expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request').at(-1)?.payload).toMatchObject({
          params: { inputResponses: { phrasing: { stopReason: 'refusal' } } },
        });
    },
  );

  it('sampling is marked deprecated as data in 2026-07-28, on every step of it, and nowhere in 2025-11-25', async () => {
    const trace = await startRun({ era, model: 'mock-model-refusing-sampling' }).start();
    const marked = trace.steps.filter((step) => step.deprecated).map((step) => step.id);
    if (era === '2025-11-25') {
      expect(marked).toEqual([]);
      return;
    }
    expect(marked).toEqual([
      'mcp.input-required',
      'client.sampling-to-host',
      'host.sampling.review',
      'host.translate-sampling-request',
      'provider.response.sampling',
      'host.sampling.refused',
    ]);
    expect(trace.steps.find((step) => step.deprecated)?.deprecated).toMatchObject({ feature: 'sampling', era: '2026-07-28' });
  });

  it('the model never answers: the host’s sampling timeout, an error to the server, and the run goes on', async () => {
    const started = Date.now();
    const trace = await startRun({ era, model: 'mock-model-stalling-sampling' }).start();
    expect(Date.now() - started).toBeLessThan(8_000);
    const timeout = find(trace.steps, 'host.sampling.timeout')!;
    expect(timeout.payload).toEqual({
      error: { code: -32603, message: 'The host’s model did not answer the sampling request within 0.4 s, so the host stopped waiting' },
    });
    expect(timeout.note).toContain('did not answer in time');
    expect(ids(trace.steps)).not.toContain('provider.response.sampling');
    if (era === '2025-11-25') {
      // The server hears the error on its request, and the SDK's rerun makes the call's result an error naming it.
      expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ error: { code: -32603 } });
      expect(find(trace.steps, 'mcp.tools-call.response')?.payload).toMatchObject({
        result: { isError: true, content: [{ text: expect.stringContaining('did not answer the sampling request within 0.4 s') }] },
      });
      expect(timeout.title).toBe('The model did not answer the sampling request in time: the server gets an error');
      expect(timeout.note).toContain('The server is told with an error');
    } else {
      // The client's input_required loop stops at the failed answer: the call is not sent again, and the host gives the model the error.
      expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request')).toHaveLength(1);
      // inputResponses can hold only results, so the steps must not say the server was told.
      expect(timeout.title).toBe('The model did not answer the sampling request in time: the call ends at the client, the server is not told');
      expect(timeout.note).not.toContain('The server is told');
      expect(timeout.note).toContain('never hears');
      expect(find(trace.steps, 'client.result-to-host')?.note).toContain('the client’s own');
    }
    expect(trace.status).toBe('complete');
    expect(trace.answer).toContain('did not answer the sampling request within 0.4 s');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('a sampling reply that does not finish arriving, in %s', (era) => {
  it('is no answer: the server is not given the half reply, the run goes on to the model’s answer in words', async () => {
    // The mock answers the conversation; the sampling request (no tools offered) gets half a body.
    const provider = await startHttpServer(async (request, response, body) => {
      if (((JSON.parse(body) as { tools?: unknown[] }).tools ?? []).length > 0) return forwardRequest(`${server.url}/mock/openai`, request, response, body);
      const whole = JSON.stringify({
        id: 'chatcmpl-s',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Five and seven make twelve.' }, finish_reason: 'stop' }],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(whole.slice(0, 90));
    });
    try {
      const trace = await createLifecycleRun({
        question: 'Phrase 5 and 7 as a sentence',
        era,
        mcpUrl: `${server.url}/mcp/toolbox`,
        provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${provider.url}/v1`, model: 'mock-model-deterministic' },
        autoRelease: true,
        networkTimeoutMs: 10_000,
      }).start();
      const reply = find(trace.steps, 'provider.response.sampling')!;
      expect(reply.title).toMatch(/^The model’s reply to the sampling request did not finish arriving: /);
      expect(reply.note).toContain('did not finish arriving (the body: stops after 90 bytes, its JSON still open)');
      expect(ids(trace.steps)).not.toContain('host.sampling.result');
      expect(JSON.stringify(trace.steps.map((step) => step.payload))).not.toContain('Five and seven');
      if (era === '2025-11-25')
        expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({
          error: { code: -32603, message: expect.stringContaining('did not finish arriving') },
        });
      else expect(reply.note).toContain('never hears');
      expect(trace.status).toBe('complete');
    } finally {
      await provider.close();
    }
  });
});
