import { describe, expect, it } from 'vitest';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A learner edits a message at the gate and sends it: the other side receives the
 * edited message, and the trace marks it as edited, keeping what the host had written.
 */

const app = useServer();

/** Releases gates one by one; at the gate of `stepId`, sends the edited payload instead. */
async function runWithEdit(run: LifecycleRun, stepId: string, edit: (payload: unknown) => unknown) {
  const finished = run.start();
  let edits = 0;
  for (let attempt = 0; attempt < 500 && run.trace.status === 'running'; attempt++) {
    const pending = run.pending;
    if (pending) {
      if (pending.id === stepId && edits === 0) {
        expect(pending.editable).toBe(true);
        run.release({ payload: edit(structuredClone(pending.payload)) });
        edits++;
      } else run.release();
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return finished;
}

describe('editing a message in flight', () => {
  it('sends edited tools/call arguments to the server, which computes with them', async () => {
    const trace = await runWithEdit(createMockRun(app.url), 'mcp.tools-call.request', (payload) => {
      const message = payload as { id: number; params: { arguments: Record<string, number> } };
      message.params.arguments = { a: 40, b: 2 };
      message.id = 999;
      return message;
    });
    const sent = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    expect(sent.payload).toMatchObject({ params: { arguments: { a: 40, b: 2 } } });
    expect(sent.edited?.original).toMatchObject({ params: { arguments: { a: 5, b: 7 } } });
    expect(JSON.parse(sent.http!.requestBody!)).toMatchObject({ params: { arguments: { a: 40, b: 2 } } });
    // The client's own id is kept: it waits for the answer to it.
    expect((sent.payload as { id: number }).id).not.toBe(999);
    const executed = trace.steps.find((step) => step.id === 'server.execute')!;
    expect(JSON.stringify(executed.payload)).toContain('add_numbers(40, 2) returned 42');
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload).toMatchObject({ result: { content: [{ text: 'Result: 42' }] } });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 42.');
  });

  it('sends an edited provider request, and the model answers what it was sent', async () => {
    const trace = await runWithEdit(createMockRun(app.url), 'provider.request', (payload) => {
      const body = payload as { messages: { role: string; content: string }[] };
      body.messages[0]!.content = 'What is 20 plus 22?';
      return body;
    });
    const request = trace.steps.find((step) => step.id === 'provider.request')!;
    expect(request.edited?.original).toMatchObject({ messages: [{ content: 'What is 5 plus 7?' }] });
    expect(JSON.parse(request.http!.requestBody!)).toMatchObject({ messages: [{ content: 'What is 20 plus 22?' }] });
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.request')?.payload).toMatchObject({ params: { arguments: { a: 20, b: 22 } } });
  });

  it('does not offer to edit what is not a message (a translation, a hand-over)', async () => {
    const run = createMockRun(app.url);
    const seen = new Map<string, boolean | undefined>();
    const finished = run.start();
    for (let attempt = 0; attempt < 500 && run.trace.status === 'running'; attempt++) {
      if (run.pending) {
        seen.set(run.pending.id, run.pending.editable);
        run.release();
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await finished;
    expect(seen.get('host.translate-tools')).toBeFalsy();
    expect(seen.get('client.tools-to-host')).toBeFalsy();
    expect(seen.get('mcp.initialize.request')).toBe(true);
    expect(seen.get('host.translate-tool-result')).toBe(true);
  });
});
