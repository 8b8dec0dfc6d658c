import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { back, goToStep, next, pause, play, reset } from './actions.ts';
import { selectIsReplay, useExplorerStore } from './explorer-store.ts';
import { useFakeRuns, type FakeLifecycleRun } from './fake-lifecycle-run.test-helper.ts';

/**
 * What the learner's buttons do to the store and the run: Next, Back, Reset and playback,
 * with a run driven by hand standing in for the engine.
 */

const { getState } = useExplorerStore;
let fakes: ReturnType<typeof useFakeRuns>;

/** A live run that has recorded these steps, shown up to the last, and now holds at the gate before the next. */
async function startRunWithSteps(count: 1 | 2 | 3): Promise<FakeLifecycleRun> {
  const created = fakes.nextRun();
  next();
  const run = await created;
  const ids = (['user.question', 'host.start-discovery', 'mcp.tools-list.request'] as const).slice(0, count);
  for (const id of ids) {
    if (id !== 'user.question') next();
    run.waitAt(id);
    run.record(id);
  }
  run.waitAt('mcp.tools-list.response');
  return run;
}

beforeEach(() => {
  vi.stubGlobal('location', { href: 'http://127.0.0.1:5173/' });
  fakes = useFakeRuns();
  reset();
});

afterEach(() => {
  vi.useRealTimers();
  fakes.restore();
  vi.unstubAllGlobals();
});

describe('next', () => {
  // Issue 40: only the built-in server's runs were refused; a named server was sent a plain lifecycle.
  it.each([null, 'http://127.0.0.1:3001/mcp'])(
    'starts no run of a scenario its era cannot run (resume in 2026-07-28), with server %s',
    async (mcpServerUrl) => {
      const { scenarioId, era, model } = getState();
      useExplorerStore.setState({ scenarioId: 'resume', era: '2026-07-28', model: { ...model, mcpServerUrl } });
      try {
        next();
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(fakes.runs).toHaveLength(0);
        expect(getState().status).toBe('idle');
      } finally {
        useExplorerStore.setState({ scenarioId, era, model });
      }
    },
  );

  it('shows the next recorded step when one is recorded beyond the cursor, releasing nothing', async () => {
    const run = await startRunWithSteps(3);
    goToStep(0);
    const releases = run.releases.length;
    next();
    expect(getState()).toMatchObject({ cursor: 1, furthest: 2, followNext: false });
    expect(run.releases).toHaveLength(releases);
  });

  it('releases the gate at the last recorded step, and follows to the step it brings', async () => {
    const run = await startRunWithSteps(3);
    expect(run.releases).toHaveLength(3);
    next();
    expect(run.releases).toHaveLength(4);
    expect(getState()).toMatchObject({ followNext: true, pending: null, cursor: 2 });
    run.record('mcp.tools-list.response');
    expect(getState()).toMatchObject({ followNext: false, cursor: 3, furthest: 3 });
  });

  it('asks for the next step when nothing waits yet, and the store releases the gate when it comes', async () => {
    const run = await startRunWithSteps(1);
    run.release();
    run.record('host.start-discovery');
    goToStep(1);
    expect(getState().pending).toBeNull();
    const releases = run.releases.length;
    next();
    expect(run.releases).toHaveLength(releases);
    expect(getState().followNext).toBe(true);
    run.waitAt('mcp.tools-list.request');
    expect(run.releases).toHaveLength(releases + 1);
  });

  it('does nothing at the end of a finished run', async () => {
    const run = await startRunWithSteps(1);
    run.end('complete', '5 plus 7 is 12.');
    const releases = run.releases.length;
    next();
    expect(getState()).toMatchObject({ cursor: 0, followNext: false, status: 'complete' });
    expect(run.releases).toHaveLength(releases);
    expect(fakes.runs).toHaveLength(1);
  });
});

describe('back and replay', () => {
  it('goes back one step as a replay, keeping how far the learner got, and never before the first', async () => {
    await startRunWithSteps(3);
    back();
    expect(getState()).toMatchObject({ cursor: 1, furthest: 2, followNext: false });
    expect(selectIsReplay(getState())).toBe(true);
    back();
    back();
    expect(getState().cursor).toBe(0);
    next();
    next();
    expect(getState().cursor).toBe(2);
    expect(selectIsReplay(getState())).toBe(false);
  });

  it('stops following when the learner goes back while a step is on its way', async () => {
    const run = await startRunWithSteps(2);
    next();
    expect(getState().followNext).toBe(true);
    back();
    run.record('mcp.tools-list.request');
    expect(getState()).toMatchObject({ cursor: 0, followNext: false });
    expect(getState().steps).toHaveLength(3);
  });

  it('clamps a step chosen on the timeline to the steps recorded', async () => {
    await startRunWithSteps(3);
    goToStep(99);
    expect(getState().cursor).toBe(2);
    goToStep(-5);
    expect(getState().cursor).toBe(0);
  });
});

describe('reset', () => {
  it('aborts the run and empties the run on show, and the next Next starts a new one', async () => {
    const run = await startRunWithSteps(2);
    const { runId } = getState();
    reset();
    expect(run.aborted).toBe(true);
    expect(getState()).toMatchObject({
      runId: runId + 1,
      status: 'idle',
      steps: [],
      pending: null,
      cursor: -1,
      furthest: -1,
      followNext: false,
      playing: false,
    });
    const created = fakes.nextRun();
    next();
    expect(await created).not.toBe(run);
  });
});

describe('playback (tick)', () => {
  it('steps through recorded steps at the chosen interval, then releases the gate and waits for the step before going on', async () => {
    const run = await startRunWithSteps(3);
    goToStep(0);
    vi.useFakeTimers();
    const { intervalMs } = getState().preferences;
    const releases = run.releases.length;
    play();
    expect(getState()).toMatchObject({ playing: true, cursor: 1 });
    vi.advanceTimersByTime(intervalMs);
    expect(getState().cursor).toBe(2);
    vi.advanceTimersByTime(intervalMs);
    expect(run.releases).toHaveLength(releases + 1);
    expect(getState().followNext).toBe(true);
    // The step is on its way: later ticks must not press Next again.
    vi.advanceTimersByTime(intervalMs * 3);
    expect(run.releases).toHaveLength(releases + 1);
    run.record('mcp.tools-list.response');
    expect(getState()).toMatchObject({ cursor: 3, followNext: false, playing: true });
  });

  it('starts one run when played on a fresh page, and shows its steps as they come', async () => {
    vi.useFakeTimers();
    const { intervalMs } = getState().preferences;
    const created = fakes.nextRun();
    play();
    const run = await created;
    run.waitAt('user.question');
    run.record('user.question');
    expect(getState()).toMatchObject({ cursor: 0, playing: true });
    vi.advanceTimersByTime(intervalMs);
    run.waitAt('host.start-discovery');
    run.record('host.start-discovery');
    expect(getState().cursor).toBe(1);
    expect(run.releases).toHaveLength(2);
    expect(fakes.runs).toHaveLength(1);
  });

  it('pauses at the end of a finished run', async () => {
    const run = await startRunWithSteps(2);
    goToStep(0);
    run.end('complete', '5 plus 7 is 12.');
    vi.useFakeTimers();
    const { intervalMs } = getState().preferences;
    play();
    expect(getState()).toMatchObject({ cursor: 1, playing: true });
    vi.advanceTimersByTime(intervalMs);
    expect(getState()).toMatchObject({ cursor: 1, playing: false });
  });

  it('plays on to a step recorded right before the run ended, and pauses there', async () => {
    const run = await startRunWithSteps(1);
    vi.useFakeTimers();
    const { intervalMs } = getState().preferences;
    play();
    expect(getState().followNext).toBe(true);
    // The step asked for is followed; the fault step right after it is recorded but not yet shown.
    run.record('host.start-discovery');
    run.record('host.fault', { error: 'The round cap was reached.' });
    run.end('failed');
    expect(getState()).toMatchObject({ cursor: 1, status: 'failed', playing: true });
    vi.advanceTimersByTime(intervalMs);
    expect(getState()).toMatchObject({ cursor: 2, playing: true });
    vi.advanceTimersByTime(intervalMs);
    expect(getState()).toMatchObject({ cursor: 2, playing: false });
  });

  it('stops on pause: no step is shown or released after it', async () => {
    const run = await startRunWithSteps(3);
    goToStep(0);
    vi.useFakeTimers();
    play();
    pause();
    const releases = run.releases.length;
    vi.advanceTimersByTime(getState().preferences.intervalMs * 5);
    expect(getState()).toMatchObject({ cursor: 1, playing: false });
    expect(run.releases).toHaveLength(releases);
  });
});
