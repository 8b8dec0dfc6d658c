import type { FetchLike } from '@modelcontextprotocol/client';
import type { ExchangeLimits } from '../mcp/index.ts';
import type { ToolRoundResult, ToolSet, WireAdapter } from '../providers/index.ts';
import type { Phase } from '../trace/index.ts';
import type { FaultWords } from './fault-words.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { HostStep } from './run-context.ts';
import type { ToolCallParams } from './run-state-types.ts';
import type { TabModel } from './tab-model.ts';
import type { TraceWriter } from './trace-writer.ts';

/** What the model side of a run (conversation.ts, send-to-model.ts, provider-mcp-run.ts) is given. */
export type ConversationContext = {
  adapter: WireAdapter;
  provider: ProviderSettings;
  question: string;
  writer: TraceWriter;
  fetch?: FetchLike;
  runSignal: AbortSignal;
  timeoutMs: number;
  /** Each provider call's bounds in all (time, frames, bytes). */
  limits: ExchangeLimits;
  maxToolRounds: number;
  /** Offer to send a failed provider request again instead of ending the run. */
  retryFailures: boolean;
  /** What to do after a fault, in the words of where it is read. */
  say: FaultWords;
  currentPhase: () => Phase;
  hostStep: HostStep;
  callTool: (params: ToolCallParams) => Promise<ToolRoundResult['outcome']>;
  /** Tells the view a provider request is on the wire, and how to cancel it. */
  onProviderRequest: (cancel: (() => void) | null) => void;
  /** The model in the learner's tab, when it was chosen: called in place of a provider, with no HTTP. */
  tabModel?: TabModel;
  /** The conversation to start from (a prompt's messages, translation #5) instead of the question alone. */
  startingConversation?: unknown;
  /** The tools listed and translated again when the server said its list changed; undefined when it did not. */
  relistTools?: () => Promise<ToolSet | undefined>;
  /** Provider-side MCP: the server the provider was told to call, so that a refusal about it is explained as one. */
  providerMcpServerUrl?: string;
  /** The run's secrets: a step shows them redacted, the request carries them (a token the provider is to hand the MCP server). */
  secrets: readonly string[];
};
