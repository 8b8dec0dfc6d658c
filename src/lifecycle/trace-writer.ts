import { findDeprecation, STEP_DEFINITIONS, type StepDefinition, type StepId, redactSecretsInData } from '../trace/index.ts';
import type { RecordedExchange } from '../mcp/index.ts';
import type { HttpExchange, SseFrame, Step, Trace, TraceStatus } from '../trace/index.ts';

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
  /** The gate opens only with the user's own answer (its controls, or an edited one): Next alone does not answer for them. */
  answerRequired?: boolean;
};

export type RunEvent =
  | { type: 'step'; step: Step }
  | { type: 'step-updated'; step: Step }
  /** One more frame of a streamed reply, appended to the step's http.sse or http.ndjson: the frames before it are not sent again. */
  | { type: 'frame'; n: number; framing: 'sse' | 'ndjson'; frame: SseFrame }
  | { type: 'waiting'; pending: PendingStep }
  | { type: 'released' }
  | { type: 'provider-request'; inFlight: boolean }
  /** A tools/call is on the wire (Stop the tool), or the task it became is being followed (`task`: Cancel the task). */
  | { type: 'tool-call'; inFlight: boolean; task?: true }
  /** The answer is given and the tools' views stay on screen until the learner closes them (MCP Apps). */
  | { type: 'views-live'; live: boolean }
  | { type: 'status'; status: TraceStatus };

export type RunListener = (event: RunEvent) => void;

export type StepFields = Partial<Omit<Step, 'n' | 'id' | 'at' | 'iteration'>> & { payload: unknown };

/** What the trace keeps of an exchange, in the trace's key order (an export reads in it). */
const EXCHANGE_FIELDS = [
  'method',
  'url',
  'requestHeaders',
  'status',
  'statusText',
  'responseHeaders',
  'requestBody',
  'responseBody',
  'sse',
  'ndjson',
  'error',
  'durationMs',
] as const;

/** Writes the fields the exchange has set onto the record, in the trace's key order; the frames are the recorder's own array. */
function writeExchangeFields(http: HttpExchange, exchange: RecordedExchange): HttpExchange {
  for (const key of EXCHANGE_FIELDS) {
    const value = exchange[key];
    if (value !== undefined) Reflect.set(http, key, value);
  }
  return http;
}

/** What the trace keeps of an exchange, as a record of its own. */
function readExchangeFields(exchange: RecordedExchange): HttpExchange {
  return writeExchangeFields({ method: exchange.method, url: exchange.url, requestHeaders: exchange.requestHeaders }, exchange);
}

/** Copies what the trace keeps of an exchange: plain JSON, nothing the recorder uses internally. */
export function snapshotExchange(exchange: RecordedExchange): HttpExchange {
  const http = readExchangeFields(exchange);
  http.requestHeaders = { ...http.requestHeaders };
  if (http.responseHeaders) http.responseHeaders = { ...http.responseHeaders };
  if (http.sse) http.sse = http.sse.map((frame) => ({ ...frame }));
  if (http.ndjson) http.ndjson = http.ndjson.map((frame) => ({ ...frame }));
  return http;
}

/**
 * Brings the one record of an exchange that all its steps share up to date, in place. A
 * stream's frames are appended once, by the recorder, to the array every step of the
 * exchange holds: recording a frame costs the same whether it is the first or the
 * thousandth (a copy per step per frame grew as the square of the frames). The keys keep
 * the trace's order, so an export reads as before. It runs at every step and frame of an
 * exchange, so it builds nothing while the record already has the exchange's keys: the
 * values are written over in place, and only a key the exchange gained (its status, its
 * body) puts them all in again, in order.
 */
export function syncSharedExchange(http: HttpExchange, exchange: RecordedExchange): HttpExchange {
  if (!hasKeysOf(http, exchange)) {
    for (const key of Object.keys(http)) Reflect.deleteProperty(http, key);
  }
  return writeExchangeFields(http, exchange);
}

/** Whether the record has exactly the keys the exchange has set; it does then in the trace's order, as only this writes them. */
function hasKeysOf(http: HttpExchange, exchange: RecordedExchange): boolean {
  for (const key of EXCHANGE_FIELDS) {
    if ((exchange[key] !== undefined) !== Object.hasOwn(http, key)) return false;
  }
  return true;
}

/** Appends steps to a trace and tells listeners; the only place that writes steps. */
export class TraceWriter {
  readonly trace: Trace;
  iteration = 1;
  private readonly listeners = new Set<RunListener>();
  private readonly startedAt: number;
  private readonly now: () => number;
  private learnerWaitTotal = 0;
  private learnerWaitSince: number | null = null;
  private learnerWaits = 0;

  /**
   * `secrets` are the run's secret values (the provider key, the MCP server's token): no
   * step keeps one, whatever carried it there (a tool result that echoes the token, a
   * model's reply, a fault). The step gets a redacted copy; the message itself is untouched.
   */
  constructor(
    trace: Trace,
    now: () => number,
    private readonly secrets: readonly string[] = [],
  ) {
    this.trace = trace;
    this.now = now;
    this.startedAt = now();
  }

  private redact<T extends object>(fields: T): T {
    if (this.secrets.length === 0) return fields;
    const copy = structuredClone(fields);
    redactSecretsInData({ data: copy, secrets: this.secrets });
    return copy;
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

  /**
   * The gate holds a message until the learner presses Next: that time is theirs, not the
   * step's, so it is counted apart (a step recorded meanwhile, a GET stream's, counts the wait so far).
   */
  // Waits may overlap (a server's request answered while the learner is at another step queues at the gate): the learner waits until the last one ends.
  startLearnerWait(): void {
    this.learnerWaits += 1;
    this.learnerWaitSince ??= this.now();
  }

  endLearnerWait(): void {
    this.learnerWaits = Math.max(0, this.learnerWaits - 1);
    if (this.learnerWaitSince === null || this.learnerWaits > 0) return;
    this.learnerWaitTotal += this.now() - this.learnerWaitSince;
    this.learnerWaitSince = null;
  }

  private readLearnerWait(): Pick<Step, 'learnerWaitMs'> {
    const total = this.learnerWaitTotal + (this.learnerWaitSince === null ? 0 : this.now() - this.learnerWaitSince);
    return total > 0 ? { learnerWaitMs: Math.round(total) } : {};
  }

  /** Now, as a step's `at` says it: ms since the run started. */
  readElapsedMs(): number {
    return Math.round(this.now() - this.startedAt);
  }

  /** Records a step; `at` is now unless given (a moment the host read with readElapsedMs and decided on). */
  append(id: StepId, fields: StepFields, at?: number): Step {
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
      ...this.redact(fields),
      at: at ?? this.readElapsedMs(),
      ...this.readLearnerWait(),
    };
    const deprecated = fields.deprecated ?? findDeprecation({ era: this.trace.mcp.protocolVersion ?? this.trace.mcp.era, stepId: id, payload: fields.payload });
    if (deprecated) step.deprecated = deprecated;
    this.trace.steps.push(step);
    this.emit({ type: 'step', step });
    return step;
  }

  /**
   * Records the protocol version the server agreed to. In Auto the authorization flow
   * (dynamic client registration among it) runs on the first request's 401, before any
   * version is agreed, so its steps were written with no era to judge them by: once one is
   * agreed, those steps get the mark it gives them, as a run pinned to that era would.
   */
  agreeProtocolVersion(version: string | null): void {
    this.trace.mcp.protocolVersion = version;
    if (version === null) return;
    for (const step of this.trace.steps) {
      if (step.deprecated) continue;
      const deprecated = findDeprecation({ era: version, stepId: step.id, payload: step.payload });
      if (deprecated) this.update(step, { deprecated });
    }
  }

  update(step: Step, fields: Partial<Step>): void {
    Object.assign(step, this.redact(fields));
    this.emit({ type: 'step-updated', step });
  }

  /** Appends a frame of a streamed reply in place, so each frame costs the same however many came before. */
  appendFrame(step: Step, framing: 'sse' | 'ndjson', frame: SseFrame): void {
    if (!step.http) return;
    (step.http[framing] ??= []).push(frame);
    this.emit({ type: 'frame', n: step.n, framing, frame: { ...frame } });
  }

  setStatus(status: TraceStatus): void {
    this.trace.status = status;
    this.emit({ type: 'status', status });
  }
}
