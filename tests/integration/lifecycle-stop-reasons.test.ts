import { describe, expect, it } from 'vitest';
import { findScenario } from '../../src/content/scenarios.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The stop scenarios (refusal, cut-off, content-filter) with the real host, the built-in
 * MCP server and the mock model over HTTP, in every wire format: each run ends with the
 * outcome the provider's own signal names, and its last step says which field said so.
 * A format with no signal for a stop (Gemini and Ollama refusals, Ollama's missing filter)
 * ends complete with the model's words, which is what a host of that format sees.
 */

const server = useServer();

type Expected = { status: 'refused' | 'truncated' | 'blocked'; cause: string; field: string; value?: string } | { status: 'complete'; answer: string | RegExp };

const REFUSAL = 'I’m sorry, but I can’t help with that request.';

const EXPECTED: Record<string, Record<string, Expected>> = {
  refusal: {
    'openai-chat': { status: 'refused', cause: 'refusal', field: 'choices[0].message.refusal', value: REFUSAL },
    'openai-functions': { status: 'refused', cause: 'refusal', field: 'choices[0].message.refusal', value: REFUSAL },
    'openai-responses': { status: 'refused', cause: 'refusal', field: 'output[0].content[0].refusal', value: REFUSAL },
    anthropic: { status: 'refused', cause: 'refusal', field: 'stop_reason', value: 'refusal' },
    gemini: { status: 'complete', answer: REFUSAL },
    ollama: { status: 'complete', answer: REFUSAL },
  },
  'cut-off': {
    'openai-chat': { status: 'truncated', cause: 'token-limit', field: 'choices[0].finish_reason', value: 'length' },
    'openai-functions': { status: 'truncated', cause: 'token-limit', field: 'choices[0].finish_reason', value: 'length' },
    'openai-responses': { status: 'truncated', cause: 'token-limit', field: 'incomplete_details.reason', value: 'max_output_tokens' },
    anthropic: { status: 'truncated', cause: 'token-limit', field: 'stop_reason', value: 'max_tokens' },
    gemini: { status: 'truncated', cause: 'token-limit', field: 'candidates[0].finishReason', value: 'MAX_TOKENS' },
    ollama: { status: 'truncated', cause: 'token-limit', field: 'done_reason', value: 'length' },
  },
  'content-filter': {
    'openai-chat': { status: 'blocked', cause: 'content-filter', field: 'choices[0].finish_reason', value: 'content_filter' },
    'openai-functions': { status: 'blocked', cause: 'content-filter', field: 'choices[0].finish_reason', value: 'content_filter' },
    'openai-responses': { status: 'blocked', cause: 'content-filter', field: 'incomplete_details.reason', value: 'content_filter' },
    anthropic: { status: 'refused', cause: 'refusal', field: 'stop_reason', value: 'refusal' },
    gemini: { status: 'blocked', cause: 'safety', field: 'candidates[0].finishReason', value: 'SAFETY' },
    ollama: { status: 'complete', answer: '5 plus 7 is 12.' },
  },
};

function ids(trace: Trace): string[] {
  return trace.steps.map((step) => step.id);
}

function lastStep(trace: Trace): Step {
  return trace.steps.at(-1)!;
}

// Each stop whole and streamed: a streamed reply reassembled from its frames must carry the same signal.
const CASES = Object.entries(EXPECTED).flatMap(([scenarioId, byWire]) =>
  Object.entries(byWire).flatMap(([wire, expected]) => (['whole', 'streamed'] as const).map((delivery) => [scenarioId, wire, delivery, expected] as const)),
);

describe.each(CASES)('scenario %s in %s, %s', (scenarioId, wire, delivery, expected) => {
  it(`ends ${expected.status}, and the last step says so`, async () => {
    const scenario = findScenario(scenarioId)!;
    const trace = await runMockLifecycle({ serverUrl: server.url, wire, era: '2025-11-25', model: scenario.mockModel, stream: delivery === 'streamed' });
    const reply = trace.steps.filter((step) => step.from === 'llm').at(-1);
    expect(reply?.stream !== undefined, 'the last reply was read as a stream').toBe(delivery === 'streamed');
    expect(trace.status).toBe(expected.status);
    // The refusal comes before any tool; the cut-off and the filter after the tool ran.
    expect(ids(trace).includes('client.result-to-host')).toBe(scenarioId !== 'refusal');
    if (expected.status === 'complete') {
      expect(lastStep(trace).id).toBe('host.answer');
      expect(trace.answer).toEqual(expected.answer);
      return;
    }
    expect(ids(trace).slice(-2)).toEqual(['provider.response.stopped', 'host.stopped']);
    expect(trace.answer).toBeNull();
    const last = lastStep(trace);
    expect(last.payload).toMatchObject({
      outcome: expected.status,
      cause: expected.cause,
      stoppedBy: { field: expected.field, ...(expected.value ? { value: expected.value } : {}) },
    });
    expect(last.fault).toMatchObject({ what: expect.any(String), why: expect.stringContaining(expected.field), fix: expect.any(String) });
    if (expected.status === 'truncated') {
      expect(last.payload).toMatchObject({ partialAnswer: '5 plus' });
      expect(last.fault!.fix).toMatch(/Raise the token limit/);
    }
    if (expected.status === 'refused' || expected.status === 'blocked') expect(last.fault!.fix).toMatch(/Rephrase/);
  });
});
