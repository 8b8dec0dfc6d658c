/**
 * Why a model's turn ended without a usable answer or tool call, as a closed list the
 * readers map every documented stop reason onto, and the outcome each cause gives the
 * run (the trace status). Plain constants at the bottom, so the readers that name a stop,
 * the engine that ends the run on it and the words that explain it share one list.
 */
export const STOP_OUTCOMES = ['refused', 'truncated', 'blocked', 'failed', 'interrupted'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];

export const STOP_CAUSE_OUTCOMES = {
  /** The model declined (OpenAI `message.refusal`, a Responses refusal part, Anthropic `refusal`). */
  refusal: 'refused',
  /** The token limit cut the answer (`length`, `max_tokens`, `MAX_TOKENS`, `max_output_tokens`). */
  'token-limit': 'truncated',
  /** The token limit cut a tool call before its arguments were complete. */
  'tool-call-cut': 'truncated',
  /** The token limit ended a reply after tool calls that came whole (Ollama): the calls are complete, what would have followed them is not. */
  'token-limit-after-calls': 'truncated',
  /** The conversation filled the model's context window (Anthropic `model_context_window_exceeded`). */
  'context-window': 'truncated',
  /** The provider's content filter removed the answer (OpenAI `content_filter`). */
  'content-filter': 'blocked',
  /** Gemini's safety settings stopped the answer (`SAFETY`, `IMAGE_SAFETY`). */
  safety: 'blocked',
  /** A term on a blocklist (Gemini `BLOCKLIST`). */
  blocklist: 'blocked',
  /** Content Google never returns (Gemini `PROHIBITED_CONTENT`). */
  'prohibited-content': 'blocked',
  /** Sensitive personal data (Gemini `SPII`). */
  'personal-data': 'blocked',
  /** The answer repeated training data too closely (Gemini `RECITATION`). */
  recitation: 'blocked',
  /** The prompt itself was blocked before the model answered (Gemini `promptFeedback.blockReason`). */
  'prompt-blocked': 'blocked',
  /** The model wrote a call the provider could not parse or did not allow (Gemini `MALFORMED_FUNCTION_CALL`…). */
  'malformed-call': 'failed',
  /** The prompt's language is not supported (Gemini `LANGUAGE`). */
  language: 'failed',
  /** The provider paused a long turn and wants it sent again (Anthropic `pause_turn`). */
  paused: 'failed',
  /** The provider stopped for a reason it does not name (Gemini `OTHER`). */
  other: 'failed',
  /** A stream stopped (closed, or its connection broke) before the format's end marker. */
  'stream-cut': 'interrupted',
  /** A whole reply's body stopped (closed, or its connection broke) before its JSON was whole. */
  'body-cut': 'interrupted',
  /** A whole reply without the field that says it is over (`finish_reason`, `stop_reason`, `finishReason`, a Responses status still in progress). */
  'stop-missing': 'interrupted',
} as const satisfies Record<string, StopOutcome>;

export type StopCause = keyof typeof STOP_CAUSE_OUTCOMES;

/**
 * What of a reply had arrived when it stopped without its end: the words that explain an
 * interrupted run are made from it, and the learner sees it beside them.
 */
export type ReplyArrival = {
  /** Frames of a stream read before it stopped. */
  frames?: number;
  /** Bytes of a whole body received before it stopped. */
  bytes?: number;
  /** The last characters of a body that stopped mid-JSON. */
  tail?: string;
  /** The text of the answer so far ('' when none came). */
  text: string;
  /** Each tool call so far: its arguments as far as they came, and whether they were whole (complete JSON). */
  calls: { name: string | null; argumentsText: string; complete: boolean }[];
  /** The connection's own error, when it broke rather than closed. */
  error?: string;
};
