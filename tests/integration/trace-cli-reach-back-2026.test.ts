import { describe, expect, it } from 'vitest';
import { TraceSchema, type Step, type Trace } from '../../src/trace/trace.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/**
 * The scenarios where the server reaches back to the host, the user or the model, through
 * the CLI in 2026-07-28 (trace-cli-scenarios.test.ts runs each in its own era, 2025-11-25
 * for these): no handshake, the server's requests inside input_required, the call sent
 * again with inputResponses, sampling marked deprecated, asserted on the real messages.
 */

async function runScenario(parameters: string[]): Promise<{ trace: Trace | null; stderr: string }> {
  const { stdout, stderr } = await runTraceCli([...parameters, '--era', '2026-07-28', '--json'], { timeoutMs: 90_000, maxBuffer: 64 * 1024 * 1024 });
  const parsed = TraceSchema.safeParse(readJson(stdout));
  return { trace: parsed.success ? parsed.data : null, stderr };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const find = (trace: Trace, id: string): Step | undefined => trace.steps.find((step) => step.id === id);
const calls = (trace: Trace) => trace.steps.filter((step) => step.id === 'mcp.tools-call.request').map((step) => step.payload);
const deprecatedIds = (trace: Trace) => trace.steps.filter((step) => step.deprecated?.feature === 'sampling').map((step) => step.id);
const SAMPLING_STEPS = ['mcp.input-required', 'client.sampling-to-host', 'host.sampling.review', 'host.translate-sampling-request'];

const CHECKS: Record<string, { parameters: string[]; check: (trace: Trace) => void }> = {
  sampling: {
    parameters: ['--scenario', 'sampling'],
    check: (trace) => {
      expect(find(trace, 'mcp.input-required')?.payload).toMatchObject({
        result: { resultType: 'input_required', inputRequests: { phrasing: { method: 'sampling/createMessage' } } },
      });
      expect(find(trace, 'host.translate-sampling-request')?.translation?.number).toBe(4);
      expect(calls(trace)[1]).toMatchObject({ params: { name: 'phrase_sum', inputResponses: { phrasing: { content: { text: '5 plus 7 is 12.' } } } } });
      expect(deprecatedIds(trace)).toEqual(expect.arrayContaining([...SAMPLING_STEPS, 'provider.response.sampling', 'host.sampling.result']));
      expect(trace.answer).toContain('5 plus 7 is 12.');
    },
  },
  elicitation: {
    parameters: ['--scenario', 'elicitation'],
    check: (trace) => {
      expect(find(trace, 'mcp.input-required')?.payload).toMatchObject({
        result: { inputRequests: { 'missing-number': { method: 'elicitation/create', params: { mode: 'form' } } } },
      });
      expect(find(trace, 'user.elicitation.answer')?.note).toContain('defaults');
      expect(calls(trace)[1]).toMatchObject({ params: { inputResponses: { 'missing-number': { action: 'accept', content: { b: 7, confirm: true } } } } });
      expect(deprecatedIds(trace)).toEqual([]);
      expect(trace.answer).toContain('12');
    },
  },
  'elicitation declined': {
    parameters: ['--scenario', 'elicitation', '--elicitation-answer', '{"action":"decline"}'],
    check: (trace) => {
      expect(find(trace, 'user.elicitation.answer')?.payload).toEqual({ action: 'decline' });
      expect(find(trace, 'user.elicitation.answer')?.note).toBeUndefined();
      expect(calls(trace)[1]).toMatchObject({ params: { inputResponses: { 'missing-number': { action: 'decline' } } } });
      expect(JSON.stringify(find(trace, 'mcp.tools-call.response')?.payload)).toContain('The user chose decline');
    },
  },
  'elicitation-url': {
    parameters: ['--scenario', 'elicitation-url'],
    check: (trace) => {
      expect(find(trace, 'mcp.input-required')?.payload).toMatchObject({
        result: {
          inputRequests: {
            'sign-in': { method: 'elicitation/create', params: { mode: 'url', url: expect.stringContaining('/mcp/toolbox/elicitation-page') } },
          },
        },
      });
      expect(find(trace, 'user.elicitation.answer')?.note).toContain('nobody opened it');
      expect(calls(trace)[1]).toMatchObject({ params: { inputResponses: { 'sign-in': { action: 'accept' } } } });
      expect(trace.answer).toContain('signed in');
    },
  },
  'sampling-refused': {
    parameters: ['--scenario', 'sampling-refused'],
    check: (trace) => {
      expect(calls(trace)[1]).toMatchObject({ params: { inputResponses: { phrasing: { stopReason: 'refusal' } } } });
      expect(JSON.stringify(find(trace, 'mcp.tools-call.response')?.payload)).toContain('so here it is plainly: 5 + 7 = 12.');
      expect(deprecatedIds(trace)).toContain('host.sampling.refused');
    },
  },
  'sampling-timeout': {
    parameters: ['--scenario', 'sampling-timeout'],
    check: (trace) => {
      // No error can go back in inputResponses: the call is not sent again, and the steps say the server was not told.
      expect(calls(trace)).toHaveLength(1);
      expect(find(trace, 'host.sampling.timeout')?.title).toContain('the server is not told');
      expect(find(trace, 'client.result-to-host')?.note).toContain('the client’s own');
      expect(trace.answer).toContain('did not answer the sampling request within 10 s');
    },
  },
  prompts: {
    parameters: ['--scenario', 'prompts'],
    check: (trace) => {
      expect(find(trace, 'mcp.prompts-get.request')?.payload).toMatchObject({ method: 'prompts/get', params: { name: 'unit_conversion' } });
      expect(find(trace, 'host.translate-prompt')?.translation?.number).toBe(5);
      expect(trace.answer).toContain('3.11 miles');
    },
  },
  resources: {
    parameters: ['--scenario', 'resources'],
    check: (trace) => {
      expect(find(trace, 'mcp.resources-read.request')?.payload).toMatchObject({ params: { uri: 'toolbox://tables/length-units' } });
      expect(find(trace, 'host.resource-to-context')?.payload).toMatchObject({ included: true });
      expect(trace.answer).toContain('1609.344');
    },
  },
  consent: {
    parameters: ['--scenario', 'consent'],
    check: (trace) => {
      expect(find(trace, 'user.consent')?.payload).toEqual({ decision: 'allow' });
      expect(trace.answer).toContain('Deleted the note draft');
    },
  },
  'tools-changed': {
    parameters: ['--scenario', 'tools-changed'],
    check: (trace) => {
      expect(trace.steps.filter((step) => step.id === 'mcp.tools-list-changed.notification')).toHaveLength(2);
      expect(calls(trace).map((payload) => (payload as { params: { name: string } }).params.name)).toEqual(['unlock_temperature_tool', 'convert_temperature']);
      expect(trace.answer).toContain('212 fahrenheit');
    },
  },
};

describe('npm run trace -- --scenario ID --era 2026-07-28, for the scenarios that reach back', () => {
  // Two at a time: the machine has two cores, and each run starts its own server.
  it('runs each to its end in 2026-07-28, with no handshake and its own era’s messages', async () => {
    const names = Object.keys(CHECKS);
    for (let index = 0; index < names.length; index += 2) {
      const batch = names.slice(index, index + 2);
      const results = await Promise.all(batch.map((name) => runScenario(CHECKS[name]!.parameters)));
      results.forEach(({ trace, stderr }, position) => {
        const name = batch[position]!;
        expect(trace, `${name}: ${stderr}`).not.toBeNull();
        expect(trace!.mcp.protocolVersion, name).toBe('2026-07-28');
        expect(trace!.status, name).toBe('complete');
        expect(find(trace!, 'mcp.initialize.request'), name).toBeUndefined();
        expect(find(trace!, 'mcp.discover.request'), name).toBeDefined();
        CHECKS[name]!.check(trace!);
      });
    }
  }, 300_000);
});
