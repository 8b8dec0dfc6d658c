import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/trace/trace.ts';
import { createEverythingRun } from '../helpers/everything-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A server we did not write reaching back to our host: the reference "everything"
 * server registers trigger-sampling-request and trigger-elicitation-request only for a
 * client that declares sampling and elicitation, then asks over its own connection
 * (stdio here). The host answers it through the same gate and translation #4, with the
 * mock model over HTTP.
 */

const server = useServer();
const find = (steps: Step[], id: string) => steps.find((step) => step.id === id);

function runAgainstEverything(question: string) {
  return createEverythingRun(server.url, {
    question,
    provider: { wire: 'anthropic', kind: 'mock', baseUrl: `${server.url}/mock/anthropic/v1`, model: 'mock-model-deterministic' },
  }).start();
}

describe('the everything server asks our host', () => {
  it('trigger-sampling-request: its sampling/createMessage goes to the model in Anthropic’s format and the answer back', async () => {
    const trace = await runAgainstEverything('Trigger a sampling request');
    expect(trace.status).toBe('complete');
    expect(find(trace.steps, 'mcp.server-request')?.payload).toMatchObject({
      method: 'sampling/createMessage',
      params: { systemPrompt: 'You are a helpful test server.', temperature: 0.7 },
    });
    const request = find(trace.steps, 'host.translate-sampling-request')!;
    expect(request.payload).toMatchObject({
      system: 'You are a helpful test server.',
      temperature: 0.7,
      messages: [{ role: 'user', content: expect.stringContaining('Resource trigger-sampling-request context') }],
    });
    expect(request.http?.url).toContain('/mock/anthropic/v1/messages');
    expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: { role: 'assistant', model: 'mock-model-deterministic' } });
    expect(find(trace.steps, 'client.result-to-host')?.payload).toMatchObject({ content: [{ text: expect.stringContaining('LLM sampling result') }] });
  });

  it('trigger-elicitation-request: its form is answered with the schema’s defaults, and the server reads them', async () => {
    const trace = await runAgainstEverything('Trigger an elicitation request');
    expect(find(trace.steps, 'mcp.server-request')?.payload).toMatchObject({ method: 'elicitation/create' });
    expect(find(trace.steps, 'user.elicitation.answer')?.payload).toMatchObject({ action: 'accept' });
    expect(find(trace.steps, 'mcp.server-request.answer')?.payload).toMatchObject({ result: { action: 'accept' } });
    expect(find(trace.steps, 'client.result-to-host')?.payload).toMatchObject({ content: expect.arrayContaining([expect.objectContaining({ type: 'text' })]) });
  });
});
