import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { next, reset, sendEditedMessage } from './actions.ts';
import { createExplorerStore, getExplorerStore, installExplorerStore, selectCanGoNext, useExplorerStore } from './explorer-store.ts';
import { useFakeRuns, type FakeLifecycleRun } from './fake-lifecycle-run.test-helper.ts';
import { releaseRun, setRunFactory, setRunPageUrl, startRun } from './run-controller.ts';

/**
 * The run controller copies what a run reports into the store: here with a run driven by
 * hand, so each event (and each event of a run already replaced) is seen on its own.
 */

const { getState, setState } = useExplorerStore;
let fakes: ReturnType<typeof useFakeRuns>;

/** Presses Next on a fresh page and returns the run it started, subscribed and started. */
async function startFollowedRun(): Promise<FakeLifecycleRun> {
  const created = fakes.nextRun();
  next();
  return created;
}

beforeEach(() => {
  // A store of the test's own, with its own run: nothing global is stubbed, so the file shares its worker with others.
  installExplorerStore(createExplorerStore());
  // The app's base URL comes from the page's address; the page would be served from here.
  setRunPageUrl('http://127.0.0.1:5173/');
  fakes = useFakeRuns();
  reset();
  setState({ question: 'What is 5 plus 7?', era: '2026-07-28', scenarioId: 'happy-path' });
});

afterEach(() => {
  fakes.restore();
});

describe('starting a run', () => {
  it('gives the run the learner’s settings, with the built-in server and mock under the app’s base URL', async () => {
    const { runId } = getState();
    const run = await startFollowedRun();
    expect(run.options).toMatchObject({
      question: 'What is 5 plus 7?',
      era: '2026-07-28',
      mcpUrl: 'http://127.0.0.1:5173/mcp',
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: 'http://127.0.0.1:5173/mock/openai/v1', model: 'mock-model-deterministic' },
    });
    expect(run.started).toBe(true);
    expect(getState()).toMatchObject({
      status: 'running',
      runId: runId + 1,
      runQuestion: 'What is 5 plus 7?',
      runEra: '2026-07-28',
      followNext: false,
      cursor: 0,
    });
    expect(getState().steps).toMatchObject([{ n: 1, id: 'user.question', payload: { question: 'What is 5 plus 7?' } }]);
  });

  it('says the run could not start when the run cannot be made, and stays idle', async () => {
    setRunFactory(() => {
      throw new Error('Unknown wire format "telepathy".');
    });
    next();
    await vi.waitFor(() => expect(getState().loadError).not.toBeNull(), { timeout: 10_000 });
    expect(getState().loadError).toBe('The run could not start: Unknown wire format "telepathy". Choose another model or wire format in the model settings.');
    expect(getState()).toMatchObject({ status: 'idle', followNext: false });
  });
});

describe('a store of its own', () => {
  it('starts with no run, and a run reports only to the store that started it', async () => {
    const first = getExplorerStore();
    const run = await startFollowedRun();
    run.waitAt('user.question');
    run.record('user.question', { question: 'What is 5 plus 7?' });
    installExplorerStore(createExplorerStore());
    expect(releaseRun()).toBe(false);
    run.waitAt('host.start-discovery');
    run.record('host.start-discovery');
    expect(getState()).toMatchObject({ steps: [], status: 'idle', pending: null, runId: 0 });
    expect(first.getState().steps.map((step) => step.id)).toEqual(['user.question', 'host.start-discovery']);
    expect(first.getState().pending?.id).toBe('host.start-discovery');
  });
});

describe('step 1 before the engine', () => {
  it('is on show the moment Next is pressed, before the run exists; the run’s own step 1 takes its place and the gate after it holds', async () => {
    const created = fakes.nextRun();
    next();
    expect(fakes.runs).toHaveLength(0);
    expect(getState()).toMatchObject({ cursor: 0, furthest: 0, followNext: false, pending: null });
    expect(getState().steps).toMatchObject([{ n: 1, id: 'user.question', canonical: 1, payload: { question: 'What is 5 plus 7?' } }]);
    expect(selectCanGoNext(getState())).toBe(true);
    const run = await created;
    run.waitAt('user.question');
    expect(run.releases).toEqual([undefined]);
    run.record('user.question', { question: 'What is 5 plus 7?', from: 'the engine' });
    expect(getState().steps).toMatchObject([{ n: 1, id: 'user.question', payload: { question: 'What is 5 plus 7?', from: 'the engine' } }]);
    expect(getState()).toMatchObject({ cursor: 0, furthest: 0, followNext: false });
    run.waitAt('host.start-discovery');
    expect(run.releases).toHaveLength(1);
    expect(getState().pending?.id).toBe('host.start-discovery');
  });

  it('a second Next pressed while the engine loads asks for step 2, which follows once the run has adopted step 1', async () => {
    const created = fakes.nextRun();
    next();
    next();
    expect(getState()).toMatchObject({ cursor: 0, followNext: true });
    const run = await created;
    run.waitAt('user.question');
    run.record('user.question', { question: 'What is 5 plus 7?' });
    expect(getState()).toMatchObject({ cursor: 0, followNext: true });
    run.waitAt('host.start-discovery');
    expect(run.releases).toHaveLength(2);
    run.record('host.start-discovery');
    expect(getState()).toMatchObject({ cursor: 1, followNext: false });
    expect(getState().steps.map((step) => step.id)).toEqual(['user.question', 'host.start-discovery']);
  });

  it('is not shown for a run that starts without Next asking for a step', async () => {
    const created = fakes.nextRun();
    void startRun();
    expect(getState().steps).toEqual([]);
    const run = await created;
    run.waitAt('user.question');
    expect(run.releases).toEqual([]);
  });
});

describe('events of the live run', () => {
  it('releases the gate at once while the learner waits for the next step, then shows the step and stops following', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    expect(run.releases).toEqual([undefined]);
    expect(getState().pending).toBeNull();
    run.record('user.question', { question: 'What is 5 plus 7?' });
    expect(getState()).toMatchObject({ cursor: 0, furthest: 0, followNext: false });
    expect(getState().steps.map((step) => step.id)).toEqual(['user.question']);
  });

  it('holds at the gate when the learner has not asked for more, and keeps the step on show when others are recorded', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    run.record('user.question');
    run.waitAt('host.start-discovery');
    expect(run.releases).toHaveLength(1);
    expect(getState().pending?.id).toBe('host.start-discovery');
    expect(selectCanGoNext(getState())).toBe(true);
    // One release can record several steps (a request and its answer): only the first is followed.
    run.record('host.start-discovery');
    run.record('mcp.tools-list.request');
    expect(getState()).toMatchObject({ cursor: 0, furthest: 0 });
    expect(getState().steps).toHaveLength(3);
  });

  it('keeps a copy of each step, so the engine changing its own later does not change the store’s', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    const step = run.record('user.question', { question: 'What is 5 plus 7?' });
    step.payload = { question: 'changed in the engine' };
    expect(getState().steps[0]?.payload).toEqual({ question: 'What is 5 plus 7?' });
  });

  it('replaces a step the run updates, by its number', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    const step = run.record('user.question');
    run.emit({ type: 'step-updated', step: { ...step, note: 'answered late' } });
    expect(getState().steps).toMatchObject([{ n: 1, note: 'answered late' }]);
  });

  it('sends the message at the gate as the learner edited it', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    run.record('user.question');
    run.waitAt('mcp.tools-call.request', { editable: true, payload: { params: { arguments: { a: 5, b: 7 } } } });
    sendEditedMessage({ params: { arguments: { a: 50, b: 7 } } });
    expect(run.releases.at(-1)).toEqual({ payload: { params: { arguments: { a: 50, b: 7 } } } });
    expect(getState()).toMatchObject({ followNext: true, pending: null });
  });

  it('ends with the status, the answer and the protocol version the run recorded', async () => {
    const run = await startFollowedRun();
    run.waitAt('user.question');
    run.record('user.question');
    run.trace.mcp.protocolVersion = '2026-07-28';
    run.end('complete', '5 plus 7 is 12.');
    expect(getState()).toMatchObject({ status: 'complete', answer: '5 plus 7 is 12.', protocolVersion: '2026-07-28', followNext: false, playing: false });
    expect(selectCanGoNext(getState())).toBe(false);
  });
});

describe('events of a run already replaced', () => {
  it('are ignored after Reset: no step, no gate, no status, and nothing released', async () => {
    const old = await startFollowedRun();
    reset();
    expect(old.aborted).toBe(true);
    const before = getState();
    old.waitAt('user.question');
    old.record('user.question');
    old.end('complete', 'too late');
    expect(old.releases).toEqual([]);
    expect(getState()).toMatchObject({ steps: [], status: 'idle', pending: null, answer: null, cursor: -1 });
    expect(getState().runId).toBe(before.runId);
  });

  it('are ignored while a new run is on show, even when the learner waits for a step', async () => {
    const old = await startFollowedRun();
    old.waitAt('user.question');
    old.record('user.question', { question: 'old' });
    reset();
    const current = await startFollowedRun();
    setState({ followNext: true });
    old.waitAt('host.start-discovery');
    old.record('host.start-discovery');
    expect(old.releases).toHaveLength(1);
    expect(getState()).toMatchObject({ pending: null, followNext: true });
    expect(getState().steps.map((step) => step.payload)).toEqual([{ question: 'What is 5 plus 7?' }]);
    current.waitAt('user.question');
    current.record('user.question', { question: 'new' });
    expect(getState().steps.map((step) => step.payload)).toEqual([{ question: 'new' }]);
    expect(current.releases).toHaveLength(1);
  });
});
