import type { CallToolResult, PromptMessage, Tool } from '@modelcontextprotocol/client';
import type { FieldChange, Warning, ReplyArrival, StopCause, StopOutcome } from '../trace/index.ts';
import type { WireInfo } from './wire-catalog.ts';

/**
 * What every wire format provides to the host. Each function is a pure translation
 * or reading step with one object argument, returning its result and its warnings,
 * so that every change the host makes to a message can be shown to the learner.
 */

export type McpTool = Tool;
export type McpToolResult = CallToolResult;

export type { FieldChange };

/**
 * A translation's result, what it could not carry (warnings, shown as text), and each
 * field it renamed, moved, re-typed, dropped or added (shown as highlights).
 */
export type Translated<T> = { result: T; warnings: Warning[]; changes: FieldChange[] };

/** Provider tool name -> MCP tool name, for names the provider would refuse. */
export type ToolNameMap = Record<string, string>;

/**
 * The tools as the model is offered them, and what translation #2 needs to come back:
 * the MCP name behind each name the host gave, and the MCP inputSchema of each tool sent
 * in strict mode (by the name the model calls it), against which the nulls strict mode
 * made the model write are taken out.
 */
export type ToolSet<ProviderTools = unknown> = { tools: ProviderTools; nameMap: ToolNameMap; strictSchemas?: Record<string, McpTool['inputSchema']> };

/** Translation #1's result. */
export type PreparedTools<ProviderTools> = Translated<ToolSet<ProviderTools>>;

/** A tool call as the model wrote it, before translation #2. */
export type ProviderToolCall = {
  /** The provider's id for the call, when its format has one. */
  id?: string;
  name: string;
  /** A JSON string (OpenAI) or an object (Anthropic, Gemini, Ollama), exactly as received. */
  arguments: unknown;
  /** The provider's own object for this call, for the inspector. */
  raw: unknown;
};

/** The result of translation #2: either the params of an MCP tools/call, or why there are none. */
export type McpCallPlan = { ok: true; params: { name: string; arguments: Record<string, unknown> } } | { ok: false; error: string };

export type ToolRoundResult = {
  call: ProviderToolCall;
  /** The MCP result, or the host's own error text when no tools/call could be made. */
  outcome: { type: 'result'; result: McpToolResult } | { type: 'host-error'; message: string };
};

/**
 * How the model's turn ended. `finished` is an answer or tool calls to run; any other
 * outcome ends the run, named by its cause, with where the provider said so (`path`,
 * `value`: `choices[0].finish_reason` = "length") and, for a refusal, the model's words.
 * A reply that did not finish arriving names the end it lacks (`path`) and what came.
 */
export type ReplyStop =
  { outcome: 'finished' } | { outcome: StopOutcome; cause: StopCause; path: string; value: string; message?: string; arrived?: ReplyArrival };

export type ProviderReply<AssistantTurn = unknown> = {
  toolCalls: ProviderToolCall[];
  /** The answer, or the part of it that arrived before a stop. */
  text: string | null;
  stop: ReplyStop;
  /** The assistant turn, kept to echo back to the provider with the tool results. */
  assistantMessage: AssistantTurn;
  finishReason: string | null;
  model: string | null;
};

export type ProviderHttpRequest = {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

/**
 * Names and defaults come from the wire catalog (wire-catalog.ts); the functions are the
 * translations. Each adapter is defined with its own message types (defineWireAdapter checks
 * them there); the host holds it as `WireAdapter`, those types unknown, and hands an adapter
 * back only what that same adapter gave it. The functions are declared as methods on purpose:
 * method parameters compare both ways, which is what lets a typed adapter stand for that view.
 */
export type WireAdapter<Conversation = unknown, ProviderTools = unknown, AssistantTurn = unknown> = WireInfo & {
  startConversation(input: { question: string }): Conversation;
  /** Translation #5: a prompt's messages (prompts/get) as the conversation's first turns. */
  convertPromptMessages(input: { messages: PromptMessage[] }): Translated<Conversation>;
  /** Translation #1. `strict` asks for OpenAI strict schemas where the format has them. */
  prepareTools(input: { tools: McpTool[]; strict?: boolean }): PreparedTools<ProviderTools>;
  /** `baseUrl` is where the request goes: a format may send its key differently there (Azure OpenAI's `api-key`). */
  buildRequest(input: { model: string; apiKey?: string; baseUrl?: string; conversation: Conversation; tools: ProviderTools }): ProviderHttpRequest;
  /** Reads a 200 response body; throws ProviderReplyError when it is not in this format. */
  readResponse(input: { body: unknown }): ProviderReply<AssistantTurn>;
  /** Translation #2. */
  convertToolCall(input: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan>;
  /** How a model speaking this format writes a call: the compare view feeds it to translation #2. */
  formatToolCall(input: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall;
  /** Translation #3 alone: the tool results as this provider carries them (the compare view uses it). */
  convertToolResults(input: { results: ToolRoundResult[] }): Translated<unknown[]>;
  /** Translation #3: the conversation with the assistant turn and the tool results appended. */
  appendToolResults(input: {
    conversation: Conversation;
    reply: ProviderReply<AssistantTurn>;
    results: ToolRoundResult[];
  }): Translated<{ conversation: Conversation; messages: unknown[] }>;
};

export class ProviderReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderReplyError';
  }
}
