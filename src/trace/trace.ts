import { z } from 'zod';
import { DeprecationSchema } from './deprecation-schema.ts';
import { STOP_OUTCOMES } from './stop-causes.ts';
import { ERAS, ERA_CHOICES, GATE_ANSWERERS, MCP_TOPOLOGIES, PARTICIPANTS, PHASES, STEP_KINDS } from './vocabulary.ts';

// The words' types are defined once, in vocabulary.ts (without zod, for the first page); the schemas below are built
// from the same arrays, so they accept exactly those words.
export type { Era, EraChoice, Participant, Phase, StepKind } from './vocabulary.ts';

/**
 * The trace is the one source of truth: the engine appends steps, the view moves a
 * cursor over them, the CLI prints them and a file can carry them elsewhere.
 * Everything here is data we accept from outside (an imported file), so zod is the
 * single source of the types.
 */

export const ParticipantSchema = z.enum(PARTICIPANTS);
export const PhaseSchema = z.enum(PHASES);
export const EraSchema = z.enum(ERAS);
export const EraChoiceSchema = z.enum(ERA_CHOICES);
export const StepKindSchema = z.enum(STEP_KINDS);

const HeadersSchema = z.record(z.string(), z.string());

export const SseFrameSchema = z.object({
  event: z.string().optional(),
  id: z.string().optional(),
  data: z.string(),
  at: z.number(),
});
export type SseFrame = z.infer<typeof SseFrameSchema>;

export const HttpExchangeSchema = z.object({
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  statusText: z.string().optional(),
  requestHeaders: HeadersSchema,
  responseHeaders: HeadersSchema.optional(),
  requestBody: z.string().optional(),
  responseBody: z.string().optional(),
  sse: z.array(SseFrameSchema).optional(),
  /** An NDJSON body (Ollama's stream), one frame per line, as each line arrived. */
  ndjson: z.array(SseFrameSchema).optional(),
  error: z.string().optional(),
  durationMs: z.number().optional(),
});
export type HttpExchange = z.infer<typeof HttpExchangeSchema>;

export const WarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string().optional(),
});
export type Warning = z.infer<typeof WarningSchema>;

export const FIELD_CHANGE_KINDS = ['renamed', 'moved', 'retyped', 'dropped', 'added'] as const;

/**
 * One field a translation changed. `from` is a path in the translation's input, `to` a
 * path in its output, written like `[0].function.parameters` (`[]` is the root).
 */
export const FieldChangeSchema = z.object({
  kind: z.enum(FIELD_CHANGE_KINDS),
  from: z.string().optional(),
  to: z.string().optional(),
  note: z.string(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const TranslationSchema = z.object({
  number: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  input: z.unknown(),
  output: z.unknown(),
  warnings: z.array(WarningSchema),
  changes: z.array(FieldChangeSchema).optional(),
});
export type Translation = z.infer<typeof TranslationSchema>;

export const FaultSchema = z.object({
  what: z.string(),
  why: z.string(),
  fix: z.string(),
  /** The run goes on: the failed request can be sent again. */
  retryable: z.boolean().optional(),
  /** The host stopped the run on purpose, by a rule of its own (its cap on tool rounds), not because something broke. */
  rule: z.enum(['round-cap']).optional(),
});
export type Fault = z.infer<typeof FaultSchema>;

/** A streamed tool call as the host put it together: how it came, and the frame after which its arguments first parsed. */
export const StreamedCallSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  name: z.string().optional(),
  arrival: z.enum(['fragments', 'whole']),
  argumentsText: z.string(),
  fragments: z.number().int(),
  firstFrame: z.number().int(),
  parsedAtFrame: z.number().int().nullable(),
});

/**
 * A reply that came streamed: its frames are the step's `http.sse` (or `http.ndjson`),
 * its reassembled value the step's payload; this says how the host read them.
 */
export const StreamSummarySchema = z.object({
  framing: z.enum(['sse', 'ndjson']),
  frames: z.number().int(),
  calls: z.array(StreamedCallSchema),
  text: z.string(),
  finishReason: z.string().nullable(),
  /** The format's own end marker arrived; false when the stream stopped without it. */
  ended: z.boolean(),
});
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

/** How a gate that asks the user was answered: by whom, and (URL-mode elicitation) whether the page was opened. */
export const GateAnswerSchema = z.object({
  answeredBy: z.enum(GATE_ANSWERERS),
  pageOpened: z.boolean().optional(),
});
export type GateAnswer = z.infer<typeof GateAnswerSchema>;

export const StepSchema = z.object({
  n: z.number().int().positive(),
  id: z.string(),
  canonical: z.number().int().min(1).max(20).nullable(),
  iteration: z.number().int().positive(),
  phase: PhaseSchema,
  from: ParticipantSchema,
  to: ParticipantSchema,
  kind: StepKindSchema,
  title: z.string(),
  payload: z.unknown(),
  translation: TranslationSchema.optional(),
  http: HttpExchangeSchema.optional(),
  stream: StreamSummarySchema.optional(),
  fault: FaultSchema.optional(),
  /** A remark for the learner that is not part of any message (for example the mock model's rule). */
  note: z.string().optional(),
  /** The learner edited this message before it left; here is what the host had written. */
  edited: z.object({ original: z.unknown() }).optional(),
  at: z.number(),
  /** Of `at`, how many ms the run had spent waiting at the gate for the learner so far (absent when it never waited). */
  learnerWaitMs: z.number().nonnegative().optional(),
  /** A feature the run's era keeps only as deprecated that this step uses (sampling, DCR… in 2026-07-28). */
  deprecated: DeprecationSchema.optional(),
  /** At a gate that asks the user: who answered, and how much of the question they saw (the page opened or not). */
  gate: GateAnswerSchema.optional(),
});
export type Step = z.infer<typeof StepSchema>;

export const ModelInfoSchema = z.object({
  wire: z.string(),
  /** `tab`: a model running in the learner's own tab (llama.cpp in WebAssembly), reached by no HTTP request. */
  kind: z.enum(['mock', 'real', 'tab']),
  name: z.string(),
});

export const McpInfoSchema = z.object({
  url: z.string(),
  /** The era asked for (auto included); protocolVersion says what the server agreed to. */
  era: EraChoiceSchema,
  protocolVersion: z.string().nullable(),
  /** Who was the MCP client: absent (a trace from before) is the host's, as `host` is. */
  topology: z.enum(MCP_TOPOLOGIES).optional(),
});

/**
 * How a run ended. Only `complete` reached a full answer; `refused`, `truncated` and
 * `blocked` are the model's or the provider's stop (see stop-causes.ts), `failed` the
 * host's, the server's or the provider's failure, `aborted` the learner's Reset, `declined`
 * the user's no to a call the host asked them about (the model answered without it).
 */
export const TraceStatusSchema = z.enum(['running', 'complete', ...STOP_OUTCOMES, 'aborted', 'declined']);
export type TraceStatus = z.infer<typeof TraceStatusSchema>;

export const TraceSchema = z.object({
  format: z.literal('mcp-lifecycle-trace'),
  version: z.literal(1),
  question: z.string(),
  answer: z.string().nullable(),
  status: TraceStatusSchema,
  startedAt: z.string(),
  model: ModelInfoSchema,
  mcp: McpInfoSchema,
  steps: z.array(StepSchema),
});
export type Trace = z.infer<typeof TraceSchema>;
