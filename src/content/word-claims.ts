import type { CacheScope, TraceStatus, Era, GateAnswerer, McpTopology, Phase } from '../trace/index.ts';

/**
 * What a sentence says happened, as data beside its words. Every word builder returns its
 * text with the claims it makes, so a test can check each claim against the trace of the
 * run with readers of its own, never with the builder's: a sentence whose claim the
 * trace contradicts is a sentence that tells the learner something that did not happen.
 */
export type GateKind = 'consent' | 'sampling' | 'elicitation' | 'mcp-approval';

/** What became of the tool calls of one round, as the server's answers say. */
export type CallResult = 'ok' | 'is-error' | 'protocol-error' | 'not-sent' | 'stopped' | 'unanswered';

/** What a view's own tools/call was answered with: the server's result, a tool error in it, or a JSON-RPC error instead. */
export type ViewCallAnswer = 'result' | 'tool-error' | 'error';

export type Claim =
  /** The step's HTTP exchange ended with this status. */
  | { kind: 'http-status'; step: number; status: number }
  /** Every tools/call of this round ended so (ok: a result without isError; not-sent: none left the host). */
  | { kind: 'call-result'; round: number; result: CallResult }
  /** The server reported running a tool's handler in this round (its own "Execution" report). */
  | { kind: 'handler-ran'; round: number; ran: boolean }
  /** The tool of this round did its work: a result without isError, every question to the user answered yes, the model's help given. */
  | { kind: 'computed'; round: number; computed: boolean }
  /** The server reported running a tool (its handler stage) this many times in the run, and this step is that report number. */
  | { kind: 'execution-count'; index: number; total: number }
  /** The run recorded this many translations (steps that carry one, #1 to #5). */
  | { kind: 'translations'; count: number }
  /** This many model rounds asked for tools. */
  | { kind: 'tool-rounds'; count: number }
  /** The gate of this kind was answered by this one, with this answer. */
  | { kind: 'gate'; gate: GateKind; answeredBy: GateAnswerer; answer: string }
  /** At a URL-mode elicitation, whether the page was opened. */
  | { kind: 'page-opened'; opened: boolean }
  /** How the run ended. */
  | { kind: 'outcome'; outcome: TraceStatus }
  /** Whether the run reached an answer the host showed. */
  | { kind: 'answer-reached'; reached: boolean }
  /** The era whose mechanism the sentence describes (input_required is 2026-07-28's, a request on the stream 2025-11-25's). */
  | { kind: 'era-mechanism'; era: Era }
  /** The step belongs to this phase. */
  | { kind: 'phase'; step: number; phase: Phase }
  /** The step is shown as a stop (!), or by its canonical number, or as an extra step (·). */
  | { kind: 'step-number'; step: number; shown: string }
  /** After a 404 for its session, the client started a new one (initialize again), or did not. */
  | { kind: 'session-restarted'; step: number; restarted: boolean }
  /** The reply stream reached its format's end marker, or did not. */
  | { kind: 'stream-ended'; step: number; ended: boolean }
  /** The run stopped at the host's cap on tool rounds. */
  | { kind: 'round-cap'; reached: boolean }
  /** Who was the MCP client: the host's own, or the provider's (provider-side MCP). */
  | { kind: 'topology'; topology: McpTopology }
  /** The provider reported its own MCP client making this many tool calls (provider-side MCP). */
  | { kind: 'reported-calls'; count: number }
  /** The server answered this round's tools/call with a task (and so the rest of the call went through the task). */
  | { kind: 'task-created'; round: number; created: boolean }
  /** The view was told (ui/notifications/tool-result, this step) the very result the model was handed, or another one. */
  | { kind: 'view-result'; step: number; sameAsModel: boolean }
  /** The view's own tools/call (answered at this step) got this from the server, through the host. */
  | { kind: 'view-call-answer'; step: number; answer: ViewCallAnswer }
  /** At this step the tool list the host holds (the latest tools/list answer) was under its ttlMs (this many ms; none said counts 0), or not. */
  | { kind: 'list-freshness'; step: number; ttlMs: number; fresh: boolean }
  /** No notifications/tools/list_changed came between the latest tools/list answer and this step (or one did). */
  | { kind: 'list-unchanged'; step: number; unchanged: boolean }
  /** The latest tools/list answer before this step said this cacheScope (null: it said none). */
  | { kind: 'cache-scope'; step: number; scope: CacheScope | null };

/** Words and what they claim. */
export type Sentence = { text: string; claims: Claim[] };

export function say(text: string, ...claims: Claim[]): Sentence {
  return { text, claims };
}
