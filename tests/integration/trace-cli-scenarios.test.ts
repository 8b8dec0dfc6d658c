import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../src/content/scenarios.ts';
import { TraceSchema, type Trace } from '../../src/trace/trace.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/** Every scenario through the CLI, as a user runs it, asserted on the real messages of its trace. */

async function runScenario(id: string): Promise<{ code: number; trace: Trace | null; stderr: string }> {
  const { code, stdout, stderr } = await runTraceCli(['--scenario', id, '--json'], { timeoutMs: 90_000, maxBuffer: 64 * 1024 * 1024 });
  let trace: Trace | null;
  try {
    trace = TraceSchema.parse(JSON.parse(stdout));
  } catch {
    trace = null;
  }
  return { code, trace, stderr };
}

const payloadsOf = (trace: Trace, id: string) => trace.steps.filter((step) => step.id === id).map((step) => step.payload as Record<string, unknown>);

const CHECKS: Record<string, (trace: Trace) => void> = {
  'happy-path': (trace) => expect(trace.answer).toBe('5 plus 7 is 12.'),
  'bad-arguments': (trace) => {
    expect(JSON.stringify(payloadsOf(trace, 'mcp.tools-call.response')[0])).toContain('Input validation error');
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'unknown-tool': (trace) => {
    expect(payloadsOf(trace, 'mcp.tools-call.response')[0]).toMatchObject({ error: { code: -32602 } });
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'malformed-arguments': (trace) => {
    expect(JSON.stringify(payloadsOf(trace, 'host.translate-tool-call')[0])).toContain('not valid JSON');
    expect(payloadsOf(trace, 'mcp.tools-call.request')).toHaveLength(1);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'no-tool': (trace) => {
    expect(payloadsOf(trace, 'mcp.tools-call.request')).toHaveLength(0);
    expect(trace.answer).toContain('Hello!');
  },
  'two-rounds': (trace) => {
    const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request');
    expect(calls.map((step) => [step.iteration, (step.payload as { params: { arguments: unknown } }).params.arguments])).toEqual([
      [1, { a: 5, b: 7 }],
      [2, { a: 12, b: 3 }],
    ]);
    expect(trace.answer).toBe('(5 plus 7) times 3 is 36.');
  },
  'parallel-calls': (trace) => {
    expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request').every((step) => step.iteration === 1)).toBe(true);
    expect(trace.answer).toBe('5 plus 7 is 12, and 3 times 4 is 12.');
  },
  'round-cap': (trace) => {
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toContain('after 3 rounds');
  },
  sessions: (trace) => {
    const list = trace.steps.find((step) => step.id === 'mcp.tools-list.request')!;
    expect(list.http?.requestHeaders['mcp-session-id']).toMatch(/.+/);
    expect(trace.steps.some((step) => step.id === 'mcp.session.expired')).toBe(true);
    expect(trace.steps.some((step) => step.id === 'host.new-session')).toBe(true);
    expect(trace.steps.find((step) => step.id === 'mcp.session.delete')?.http?.method).toBe('DELETE');
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'division-by-zero': (trace) => expect(payloadsOf(trace, 'mcp.tools-call.response')[0]).toMatchObject({ result: { isError: true } }),
  'structured-output': (trace) => expect(payloadsOf(trace, 'mcp.tools-call.response')[0]).toMatchObject({ result: { structuredContent: { unit: 'miles' } } }),
  'image-result': (trace) => expect(JSON.stringify(payloadsOf(trace, 'mcp.tools-call.response')[0])).toContain('"type":"image"'),
  resume: (trace) => {
    const cut = trace.steps.find((step) => step.id === 'mcp.stream.cut');
    const resume = trace.steps.find((step) => step.id === 'mcp.stream.resume');
    expect(resume?.http?.requestHeaders['last-event-id']).toBe((cut?.payload as { lastEventId?: string } | undefined)?.lastEventId);
    expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.response').map((step) => step.http?.method)).toEqual(['GET']);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'slow-tool': (trace) => expect(trace.steps.filter((step) => step.id === 'server.progress').length).toBeGreaterThanOrEqual(5),
  refusal: (trace) => {
    expect(trace.status).toBe('refused');
    expect(trace.steps.at(-1)).toMatchObject({ id: 'host.stopped', payload: { cause: 'refusal', stoppedBy: { field: 'choices[0].message.refusal' } } });
    expect(trace.answer).toBeNull();
  },
  'cut-off': (trace) => {
    expect(trace.status).toBe('truncated');
    expect(trace.steps.at(-1)).toMatchObject({
      id: 'host.stopped',
      payload: { cause: 'token-limit', partialAnswer: '5 plus', stoppedBy: { field: 'choices[0].finish_reason', value: 'length' } },
    });
  },
  interrupted: (trace) => {
    // The CLI asks the mock for whole replies: the body stops halfway through its JSON, and no tool runs.
    expect(trace.status).toBe('interrupted');
    expect(trace.steps.at(-1)).toMatchObject({ id: 'host.stopped', payload: { cause: 'body-cut', arrived: { bytes: expect.any(Number) } } });
    expect(payloadsOf(trace, 'mcp.tools-call.request')).toHaveLength(0);
    expect(trace.answer).toBeNull();
  },
  'content-filter': (trace) => {
    expect(trace.status).toBe('blocked');
    expect(trace.steps.at(-1)).toMatchObject({ id: 'host.stopped', payload: { cause: 'content-filter', stoppedBy: { value: 'content_filter' } } });
  },
  'renamed-tool': (trace) => {
    const translation = trace.steps.find((step) => step.id === 'host.translate-tool-call')?.translation;
    expect(translation?.output).toMatchObject({ name: 'math.power' });
    expect(trace.answer).toContain('1024');
  },
  prompts: (trace) => {
    expect(payloadsOf(trace, 'mcp.prompts-get.request')[0]).toMatchObject({
      params: { name: 'unit_conversion', arguments: { value: '5', from: 'kilometers', to: 'miles' } },
    });
    expect(trace.steps.find((step) => step.id === 'host.translate-prompt')?.translation?.number).toBe(5);
    expect(trace.answer).toContain('3.11 miles');
  },
  resources: (trace) => {
    expect(payloadsOf(trace, 'mcp.resources-read.request')[0]).toMatchObject({ params: { uri: 'toolbox://tables/length-units' } });
    expect(payloadsOf(trace, 'host.resource-to-context')[0]).toMatchObject({ included: true });
    expect(trace.answer).toContain('1609.344');
  },
  consent: (trace) => {
    // The CLI answers the consent gate with allow unless --consent deny says otherwise.
    expect(payloadsOf(trace, 'user.consent')[0]).toEqual({ decision: 'allow' });
    expect(payloadsOf(trace, 'mcp.tools-call.request')[0]).toMatchObject({ params: { name: 'delete_note' } });
    expect(trace.answer).toContain('Deleted the note draft');
  },
  'tools-changed': (trace) => {
    expect(payloadsOf(trace, 'mcp.tools-list-changed.notification')).toHaveLength(2);
    expect(payloadsOf(trace, 'mcp.tools-call.request').map((payload) => (payload.params as { name: string }).name)).toEqual([
      'unlock_temperature_tool',
      'convert_temperature',
    ]);
    expect(trace.answer).toContain('212 fahrenheit');
  },
  sampling: (trace) => {
    // 2025-11-25: the server's request on the call's stream, translation #4, and the answer back in a POST of its own.
    expect(trace.steps.find((step) => step.id === 'mcp.server-request')?.payload).toMatchObject({ method: 'sampling/createMessage' });
    expect(trace.steps.find((step) => step.id === 'host.translate-sampling-request')?.translation?.number).toBe(4);
    expect(trace.steps.find((step) => step.id === 'mcp.server-request.answer')?.payload).toMatchObject({ result: { content: { text: '5 plus 7 is 12.' } } });
    expect(trace.answer).toContain('5 plus 7 is 12.');
  },
  elicitation: (trace) => {
    expect(trace.steps.find((step) => step.id === 'mcp.server-request')?.payload).toMatchObject({ method: 'elicitation/create' });
    expect(trace.steps.find((step) => step.id === 'user.elicitation.answer')?.note).toContain('defaults');
    expect(trace.answer).toContain('12');
  },
  'elicitation-url': (trace) => {
    // URL mode: the server's page named in the request, the CLI's accept said as such, and the tool told only the action.
    expect(trace.steps.find((step) => step.id === 'mcp.server-request')?.payload).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'url', url: expect.stringContaining('/mcp/toolbox/elicitation-page') },
    });
    expect(trace.steps.find((step) => step.id === 'user.elicitation.answer')?.note).toContain('nobody opened it');
    expect(trace.steps.find((step) => step.id === 'mcp.server-request.answer')?.payload).toMatchObject({ result: { action: 'accept' } });
    expect(trace.answer).toContain(
      "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in.",
    );
  },
  'sampling-refused': (trace) => {
    // The model's refusal goes back to the server as stopReason "refusal", and the tool answers with the plain sum.
    expect(trace.steps.find((step) => step.id === 'host.sampling.refused')?.payload).toMatchObject({ stopReason: 'refusal' });
    expect(trace.steps.find((step) => step.id === 'mcp.server-request.answer')?.payload).toMatchObject({ result: { stopReason: 'refusal' } });
    expect(JSON.stringify(payloadsOf(trace, 'mcp.tools-call.response').at(-1))).toContain('so here it is plainly: 5 + 7 = 12.');
  },
  'sampling-timeout': (trace) => {
    // The host's sampling timeout: an error to the server instead of a CreateMessageResult, and the run goes on.
    expect(trace.steps.find((step) => step.id === 'host.sampling.timeout')?.payload).toMatchObject({ error: { code: -32603 } });
    expect(trace.steps.find((step) => step.id === 'mcp.server-request.answer')?.payload).toMatchObject({ error: { code: -32603 } });
    expect(trace.status).toBe('complete');
  },
  'app-view': (trace) => {
    // No screen: the view is read for real, what a screen would have been sent is said and marked not sent, and no App is drawn.
    expect(trace.steps.find((step) => step.id === 'mcp.resources-read.response')?.payload).toMatchObject({
      result: { contents: [{ uri: 'ui://sum-view/view.html', mimeType: 'text/html;profile=mcp-app' }] },
    });
    expect(payloadsOf(trace, 'host.app-not-shown').map((payload) => payload.sent)).toEqual([false, false]);
    expect(trace.steps.some((step) => step.from === 'app' || step.to === 'app')).toBe(false);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  'provider-mcp': (trace) => {
    // The provider is the MCP client: no host MCP traffic, its report as steps 3, 5, 12 and 16, the CLI's approval, the server's record.
    expect(trace.model.wire).toBe('openai-responses');
    expect(trace.mcp.topology).toBe('provider');
    expect(trace.steps.filter((step) => step.from === 'client' || step.to === 'client')).toEqual([]);
    expect(trace.steps.filter((step) => step.id.startsWith('provider.reported.')).map((step) => step.canonical)).toEqual([3, 5, 12, 16]);
    expect(trace.steps.find((step) => step.id === 'user.mcp-approval')?.gate?.answeredBy).toBe('host');
    expect(trace.steps.some((step) => step.id === 'server.seen.request' && JSON.stringify(step.payload).includes('"tools/call"'))).toBe(true);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  task: (trace) => {
    // 2025-11-25: the call asks for a task, the host polls it, the halfway question is answered (the CLI accepts), and the result comes by tasks/result.
    expect(payloadsOf(trace, 'mcp.tools-call.request')[0]).toMatchObject({ params: { name: 'count_in_background', task: expect.any(Object) } });
    expect(trace.steps.map((step) => step.id)).toEqual(
      expect.arrayContaining(['mcp.task.created', 'mcp.tasks-get.request', 'mcp.task.input-required', 'mcp.task.completed']),
    );
    expect(JSON.stringify(payloadsOf(trace, 'mcp.tasks-result.response').at(-1))).toContain('Counted to 5 in the background.');
    expect(trace.status).toBe('complete');
  },
  'task-fails': (trace) => {
    // The task fails past the counter: the failed status is a step, and the model hears the error.
    expect(trace.steps.some((step) => step.id === 'mcp.task.failed')).toBe(true);
    expect(trace.status).toBe('complete');
  },
  'header-mismatch': (trace) => {
    // 2026-07-28 (the scenario's era): the stale gateway's Mcp-Name makes the server answer 400 and -32020, twice (the SDK client's retry).
    const answers = trace.steps.filter((step) => step.id === 'mcp.tools-call.response');
    expect(answers.map((step) => [step.http?.status, (step.payload as { error?: { code?: number } }).error?.code])).toEqual([
      [400, -32020],
      [400, -32020],
    ]);
    expect(trace.answer).toContain('-32020');
  },
  'stale-list': (trace) => {
    // 2026-07-28 (the scenario's era): the list said ttlMs 0, so before the model's second request the host lists the tools again, and says why.
    expect(payloadsOf(trace, 'mcp.tools-list.response').map((payload) => payload.result)).toEqual([
      expect.objectContaining({ ttlMs: 0, cacheScope: 'public' }),
      expect.objectContaining({ ttlMs: 0, cacheScope: 'public' }),
    ]);
    const stale = trace.steps.find((step) => step.id === 'host.tools-list-stale');
    expect(stale?.title).toMatch(
      /^The tool list is past its ttlMs \(\d+(\.\d)? (ms|s) old, ttlMs 0\) and nothing said it changed: the host lists the tools again/,
    );
    expect(stale?.note).toContain('cacheScope public');
    expect(trace.steps.some((step) => step.id === 'host.tools-list-fresh')).toBe(false);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
  authorization: (trace) => {
    // The sandbox's 401, its consent approved by the CLI, the token, and the request again with it.
    expect(trace.steps.find((step) => step.id === 'auth.challenge')?.http?.status).toBe(401);
    expect(trace.steps.find((step) => step.id === 'auth.token-request')?.http?.status).toBe(200);
    expect(trace.steps.some((step) => step.id === 'auth.retry')).toBe(true);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  },
};

describe('npm run trace -- --scenario', () => {
  it('has a check for every scenario', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(SCENARIOS.map((scenario) => scenario.id).sort());
  });

  // Two at a time: the machine has two cores, and each run starts its own server.
  it('runs every scenario with real traffic, as its trace shows', async () => {
    const ids = SCENARIOS.map((scenario) => scenario.id);
    for (let index = 0; index < ids.length; index += 2) {
      const batch = ids.slice(index, index + 2);
      const results = await Promise.all(batch.map(runScenario));
      results.forEach((result, position) => {
        const id = batch[position]!;
        expect(result.trace, `${id}: ${result.stderr}`).not.toBeNull();
        CHECKS[id]!(result.trace!);
      });
    }
  }, 300_000);
});
