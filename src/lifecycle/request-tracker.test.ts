import { describe, expect, it } from 'vitest';
import { RequestTracker } from './request-tracker.ts';

/** Whether a promise has settled by now, without waiting for it. */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('RequestTracker', () => {
  it('knows which step each request id was', () => {
    const tracker = new RequestTracker<string>();
    tracker.noteSent({ id: 1, method: 'initialize', stepId: 'mcp.initialize.request' });
    tracker.noteSent({ id: 'two', method: 'tools/list', stepId: 'mcp.tools-list.request' });
    expect(tracker.requestStepOf(1)).toBe('mcp.initialize.request');
    expect(tracker.requestStepOf('two')).toBe('mcp.tools-list.request');
    expect(tracker.requestStepOf(3)).toBeUndefined();
  });

  it('settles the wait for a method once its latest request is answered', async () => {
    const tracker = new RequestTracker<string>();
    tracker.noteSent({ id: 1, method: 'tools/call', stepId: 'mcp.tools-call.request' });
    const settled = tracker.settled('tools/call');
    expect(await hasSettled(settled)).toBe(false);
    expect(tracker.isAnswered(1)).toBe(false);
    tracker.noteAnswered(1);
    expect(await hasSettled(settled)).toBe(true);
    expect(tracker.isAnswered(1)).toBe(true);
  });

  it('waits for the latest request of a method, not an earlier one', async () => {
    const tracker = new RequestTracker<string>();
    tracker.noteSent({ id: 1, method: 'tools/call', stepId: 'mcp.tools-call.request' });
    tracker.noteAnswered(1);
    tracker.noteSent({ id: 2, method: 'tools/call', stepId: 'mcp.tools-call.request' });
    const settled = tracker.settled('tools/call');
    expect(await hasSettled(settled)).toBe(false);
    tracker.noteAnswered(2);
    expect(await hasSettled(settled)).toBe(true);
  });

  it('settles when the exchange ends without an answer, which stays unanswered', async () => {
    const tracker = new RequestTracker<string>();
    tracker.noteSent({ id: 5, method: 'tools/call', stepId: 'mcp.tools-call.request' });
    const settled = tracker.settled('tools/call');
    tracker.noteEnded(5);
    expect(await hasSettled(settled)).toBe(true);
    expect(tracker.isAnswered(5)).toBe(false);
  });

  it('does not wait for a method it never saw', async () => {
    expect(await hasSettled(new RequestTracker<string>().settled('tools/list'))).toBe(true);
  });

  it('keeps what was recorded for each exchange, in order', () => {
    const tracker = new RequestTracker<string>();
    tracker.attach(1, 'request');
    tracker.attach(2, 'other');
    tracker.attach(1, 'response');
    expect(tracker.recordedFor(1)).toEqual(['request', 'response']);
    expect(tracker.recordedFor(3)).toEqual([]);
  });
});
