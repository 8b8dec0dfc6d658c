import type { ApprovalPolicy, ProviderMcpWire } from '../../trace/index.ts';
import type { ProviderHttpRequest, ProviderReply, Translated } from '../types.ts';

/**
 * Provider-side MCP as a wire format carries it: the host writes the MCP server into its
 * request (no tools/list, no translation #1), reads the provider's report of what its own
 * MCP client did from the reply (no translation #2 or #3 either), and, where the provider
 * asks for approval first, writes the user's answer back.
 */

/** The MCP server as the learner gave it: its URL, their headers for it (a bearer token), and when the provider must ask first. */
export type ProviderMcpServerSettings = {
  url: string;
  headers: readonly { name: string; value: string }[];
  requireApproval: ApprovalPolicy;
};

/**
 * One thing the provider reports its MCP client did, read from the reply: `path` is where
 * in the reply, `item` the provider's own object there (the step shows it whole). An
 * OpenAI `mcp_call` reports a call and its result in one item, so it gives two entries.
 */
export type McpReportEntry =
  | { kind: 'tools-list'; path: string; item: unknown; toolNames: string[]; error: string | null }
  | { kind: 'tool-call'; path: string; item: unknown; name: string; arguments: unknown }
  | { kind: 'tool-result'; path: string; item: unknown; name: string; text: string | null; error: string | null }
  | { kind: 'approval-request'; path: string; item: unknown; id: string; name: string; arguments: unknown };

/** The user's answer to one approval request. */
export type ApprovalAnswer = { id: string; approve: boolean };

/**
 * A wire format's provider-side MCP, with the conversation and assistant-turn types of its
 * own adapter: what startConversation makes and readResponse keeps is what comes back here.
 * Methods on purpose: their parameters compare both ways, so a typed adapter stands for
 * the unknown-typed view the host holds (as WireAdapter does).
 */
export type ProviderMcpAdapter<Conversation = unknown, AssistantTurn = unknown, Definition = unknown> = {
  wire: ProviderMcpWire;
  /** The server as this provider's request names it, with what of the learner's settings it cannot carry (warnings). */
  describeServer(input: { server: ProviderMcpServerSettings }): Translated<Definition>;
  /** The request: the conversation and the server as describeServer wrote it, with the headers the provider wants for it (a beta). */
  buildRequest(input: { model: string; apiKey?: string; baseUrl?: string; conversation: Conversation; server: Definition }): ProviderHttpRequest;
  /** What the reply reports the provider's MCP client did, in the reply's order; throws ProviderReplyError for a shape it does not know. */
  readReport(input: { body: unknown }): McpReportEntry[];
  /** The conversation with the provider's turn echoed and the user's approval answers added; absent where the provider never asks. */
  appendApprovals?(input: { conversation: Conversation; reply: ProviderReply<AssistantTurn>; answers: ApprovalAnswer[] }): {
    conversation: Conversation;
    messages: unknown[];
  };
};
