import type { LifecycleRun, RunOptions } from '../lifecycle/engine.ts';
import type { Release } from '../lifecycle/gate.ts';
import type { PendingStep, RunEvent, RunListener } from '../lifecycle/trace-writer.ts';
import { getStepDefinition, type StepId } from '../trace/steps.ts';
import type { Step, Trace, TraceStatus } from '../trace/trace.ts';
import { afterEach, beforeEach, vi } from 'vitest';
import { reset } from './actions.ts';
import { useExplorerStore } from './explorer-store.ts';
import { defaultModelSettings } from './model-settings.ts';
import { stubPageStorage } from './page-storage.test-helper.ts';
import { setRunFactory } from './run-controller.ts';

/**
 * A run the test drives by hand, in the store's place of the engine: the test says when
 * it waits at the gate, records a step or ends, and reads what the store asked of it
 * (every release call, abort). As at the engine's gate, a release opens it only while a
 * message waits, and a listener may release from inside the 'waiting' event itself.
 */
export class FakeLifecycleRun implements LifecycleRun {
  readonly trace: Trace;
  pending: PendingStep | null = null;
  /** Every release() the store made, whether something was waiting or not. */
  readonly releases: (Release | undefined)[] = [];
  started = false;
  aborted = false;
  private readonly listeners = new Set<RunListener>();
  private finish: ((trace: Trace) => void) | null = null;

  constructor(readonly options: RunOptions) {
    this.trace = {
      format: 'mcp-lifecycle-trace',
      version: 1,
      question: options.question,
      answer: null,
      status: 'running',
      startedAt: new Date(0).toISOString(),
      model: { wire: options.provider.wire, kind: options.provider.kind, name: options.provider.model },
      mcp: { url: options.mcpUrl, era: options.era, protocolVersion: null },
      steps: [],
    };
  }

  subscribe(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): Promise<Trace> {
    this.started = true;
    return new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  release(release?: Release): boolean {
    this.releases.push(release);
    if (!this.pending) return false;
    this.pending = null;
    this.emit({ type: 'released' });
    return true;
  }

  cancelProviderRequest(): boolean {
    return false;
  }

  cancelToolCall(): boolean {
    return false;
  }

  closeViews(): boolean {
    return false;
  }

  abort(): void {
    this.aborted = true;
  }

  /** Holds at the gate before the step with this id, as the engine does before each message. */
  waitAt(id: StepId, overrides: Partial<PendingStep> = {}): void {
    const definition = getStepDefinition(id)!;
    this.pending = { id, title: definition.title, from: definition.from, to: definition.to, canonical: definition.canonical, iteration: 1, ...overrides };
    this.emit({ type: 'waiting', pending: this.pending });
  }

  /** Records a step, numbered after the ones before it. */
  record(id: StepId, payload: unknown = {}): Step {
    const definition = getStepDefinition(id)!;
    const { label: _label, ...fields } = definition;
    const step: Step = { n: this.trace.steps.length + 1, id, iteration: 1, ...fields, payload, at: this.trace.steps.length };
    this.trace.steps.push(step);
    this.emit({ type: 'step', step });
    return step;
  }

  /** Ends the run the way the engine does: the trace first, then the status event. */
  end(status: Exclude<TraceStatus, 'running'>, answer: string | null = null): void {
    this.trace.status = status;
    this.trace.answer = answer;
    this.emit({ type: 'status', status });
    this.finish?.(this.trace);
  }

  emit(event: RunEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/**
 * Makes the store's runs fake ones from now on; `nextRun` resolves with the next run the
 * store makes, once it has subscribed and started it (startRun loads the engine first).
 */
export type FakeRuns = { runs: FakeLifecycleRun[]; nextRun: () => Promise<FakeLifecycleRun>; restore: () => void };

export function useFakeRuns(): FakeRuns {
  const runs: FakeLifecycleRun[] = [];
  let waiting: ((run: FakeLifecycleRun) => void) | null = null;
  setRunFactory((options) => {
    const run = new FakeLifecycleRun(options);
    runs.push(run);
    waiting?.(run);
    waiting = null;
    return run;
  });
  return {
    runs,
    nextRun: () =>
      new Promise((resolve) => {
        waiting = resolve;
      }),
    restore: () => {
      reset();
      setRunFactory(null);
    },
  };
}

/**
 * Every test of the file starts from the same store: the page's storage stubbed (a Map it
 * returns), fake runs in the engine's place, the store reset to the 2025-11-25 era and the
 * default model settings; all undone after the test. Read `stored` and `fakes` inside a test.
 */
export function freshStoreForEachTest(): { readonly stored: Map<string, string>; readonly fakes: FakeRuns } {
  let stored = new Map<string, string>();
  let fakes: FakeRuns | null = null;
  beforeEach(() => {
    stored = stubPageStorage();
    fakes = useFakeRuns();
    reset();
    useExplorerStore.setState({ era: '2025-11-25', model: defaultModelSettings() });
  });
  afterEach(() => {
    fakes?.restore();
    fakes = null;
    vi.unstubAllGlobals();
  });
  return {
    get stored() {
      return stored;
    },
    get fakes() {
      if (!fakes) throw new Error('The fake runs exist only while a test runs.');
      return fakes;
    },
  };
}
