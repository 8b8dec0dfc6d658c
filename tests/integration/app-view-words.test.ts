import { describe, expect, it } from 'vitest';
import { readRunFacts } from '../../src/content/run-facts.ts';
import { describeStepWords } from '../../src/content/step-words.ts';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import { APPS_MCP_PATH } from '../../src/trace/mcp-apps.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ERAS } from '../../src/trace/vocabulary.ts';
import { checkClaim } from '../helpers/check-word-claims.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { createInMemoryAppView } from '../helpers/in-memory-app-view.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The words of a view's steps are the run's: a view told another result than the model
 * (the learner edited it at the gate) is not said to have the model's, and the answer to
 * the view's own tools/call is said to be the server's result only when one came. Each
 * summary's claims are held to the trace with the combination test's readers.
 */

const server = useServer();
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Next at every gate, except that what the view is told of the result is edited on its way: another sum. */
function releaseEditingTheViewsResult(run: LifecycleRun): void {
  run.subscribe((event) => {
    if (event.type !== 'waiting') return;
    const message = event.pending.payload;
    if (event.pending.id !== 'app.tool-result.notification' || !isRecord(message) || !isRecord(message.params)) return void queueMicrotask(() => run.release());
    const edited = { ...message, params: { ...message.params, content: [{ type: 'text', text: 'Result: 99' }] } };
    queueMicrotask(() => run.release({ payload: edited }));
  });
}

function summariesOf(trace: Trace, id: string) {
  const facts = readRunFacts({ steps: trace.steps, status: trace.status, answer: trace.answer, protocolVersion: trace.mcp.protocolVersion });
  return trace.steps.flatMap((step, index) => (step.id === id ? [describeStepWords(facts, index)?.summary ?? null] : []));
}

describe.each(ERAS)('the words of a view’s steps, era %s', (era) => {
  it('say the view got another result than the model when the learner edited it, and whether the view’s own calls got the server’s result', async () => {
    const screen = createInMemoryAppView();
    const run = createMockRun(server.url, { era, mcpUrl: `${server.url}${APPS_MCP_PATH}`, appViews: { host: screen.host } });
    releaseEditingTheViewsResult(run);
    const finished = run.start();
    await new Promise<void>((resolve) => {
      const stop = run.subscribe((event) => {
        if (event.type === 'step' && event.step.id === 'host.app-live') resolve(stop());
      });
    });
    const app = await screen.views[0]!.connected;
    expect(screen.views[0]!.results).toEqual([expect.objectContaining({ content: [{ type: 'text', text: 'Result: 99' }] })]);
    await app.callServerTool({ name: 'add_numbers', arguments: { a: 20, b: 22 } });
    await expect(app.callServerTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow();
    run.closeViews();
    const trace = await finished;

    const [told] = summariesOf(trace, 'app.tool-result.notification');
    expect(told?.text).toMatch(/^The learner changed what the view is told/);
    const answers = summariesOf(trace, 'app.tools-call.response');
    expect(answers.map((summary) => summary?.claims)).toEqual([
      [expect.objectContaining({ answer: 'result' })],
      [expect.objectContaining({ answer: 'error' })],
    ]);
    expect(answers[1]?.text).toMatch(/got no result from the server/);
    const claims = [told, ...answers].flatMap((summary) => summary?.claims ?? []);
    expect(claims).toHaveLength(3);
    expect(claims.map((claim) => checkClaim(trace, claim, { maxToolRounds: 5 }))).toEqual([null, null, null]);
  });
});
