import { STEP_DEFINITIONS, type StepDefinition, type StepId } from '../trace/steps.ts';
import type { RecordedExchange } from '../mcp/recording-fetch.ts';
import type { HttpExchange, Step, Trace, TraceStatus } from '../trace/trace.ts';

export type PendingStep = {
  id: string;
  title: string;
  from: Step['from'];
  to: Step['to'];
  canonical: number | null;
  iteration: number;
  /** The message about to leave, when there is one. */
  payload?: unknown;
  /** Whether the learner may edit the message before it leaves. */
  editable?: boolean;
};

export type RunEvent =
  | { type: 'step'; step: Step }
  | { type: 'step-updated'; step: Step }
  | { type: 'waiting'; pending: PendingStep }
  | { type: 'released' }
  | { type: 'provider-request'; inFlight: boolean }
  | { type: 'status'; status: TraceStatus };

export type RunListener = (event: RunEvent) => void;

export type StepFields = Partial<Omit<Step, 'n' | 'id' | 'at' | 'iteration'>> & { payload: unknown };

/** Copies what the trace keeps of an exchange: plain JSON, nothing the recorder uses internally. */
export function snapshotExchange(exchange: RecordedExchange): HttpExchange {
  const http: HttpExchange = {
    method: exchange.method,
    url: exchange.url,
    requestHeaders: { ...exchange.requestHeaders },
  };
  if (exchange.status !== undefined) http.status = exchange.status;
  if (exchange.statusText !== undefined) http.statusText = exchange.statusText;
  if (exchange.responseHeaders) http.responseHeaders = { ...exchange.responseHeaders };
  if (exchange.requestBody !== undefined) http.requestBody = exchange.requestBody;
  if (exchange.responseBody !== undefined) http.responseBody = exchange.responseBody;
  if (exchange.sse) http.sse = exchange.sse.map((frame) => ({ ...frame }));
  if (exchange.error !== undefined) http.error = exchange.error;
  if (exchange.durationMs !== undefined) http.durationMs = exchange.durationMs;
  return http;
}

/** Appends steps to a trace and tells listeners; the only place that writes steps. */
export class TraceWriter {
  readonly trace: Trace;
  iteration = 1;
  private readonly listeners = new Set<RunListener>();
  private readonly startedAt: number;
  private readonly now: () => number;

  constructor(trace: Trace, now: () => number) {
    this.trace = trace;
    this.now = now;
    this.startedAt = now();
  }

  subscribe(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: RunEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** What a pending step will be, from its definition, so the learner can see what comes next. */
  describe(id: StepId, overrides: Partial<PendingStep> = {}): PendingStep {
    const definition: StepDefinition = STEP_DEFINITIONS[id];
    return {
      id,
      title: definition.title,
      from: definition.from,
      to: definition.to,
      canonical: definition.canonical,
      iteration: this.iteration,
      ...overrides,
    };
  }

  append(id: StepId, fields: StepFields): Step {
    const definition: StepDefinition = STEP_DEFINITIONS[id];
    const step: Step = {
      n: this.trace.steps.length + 1,
      id,
      canonical: definition.canonical,
      iteration: this.iteration,
      phase: definition.phase,
      from: definition.from,
      to: definition.to,
      kind: definition.kind,
      title: definition.title,
      ...fields,
      at: Math.round(this.now() - this.startedAt),
    };
    this.trace.steps.push(step);
    this.emit({ type: 'step', step });
    return step;
  }

  update(step: Step, fields: Partial<Step>): void {
    Object.assign(step, fields);
    this.emit({ type: 'step-updated', step });
  }

  setStatus(status: TraceStatus): void {
    this.trace.status = status;
    this.emit({ type: 'status', status });
  }
}
