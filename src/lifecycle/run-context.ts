import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import type { WireAdapter } from '../providers/types.ts';
import type { StepId } from '../trace/steps.ts';
import type { EraChoice, Phase, Step, Trace } from '../trace/trace.ts';
import type { Release } from './gate.ts';
import type { McpConnection } from './mcp-connection.ts';
import type { McpHeader } from './mcp-headers.ts';
import type { McpTraffic } from './mcp-traffic.ts';
import type { McpWatchdog } from './mcp-watchdog.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { RunLimits, RunTimeouts } from './timeouts.ts';
import type { PendingStep, StepFields, TraceWriter } from './trace-writer.ts';

export type RunOptions = {
  question: string;
  /** A pinned era, or auto: try 2026-07-28, fall back in the open to 2025-11-25. */
  era: EraChoice;
  mcpUrl: string;
  /** Headers for the MCP server (a bearer token): sent to it alone, their secret values redacted everywhere else. */
  mcpHeaders?: McpHeader[];
  /**
   * The MCP server by another transport than Streamable HTTP: a stdio program the CLI
   * starts (the SDK's StdioClientTransport), made anew for each connection. Its messages
   * are recorded as they are sent and read; mcpUrl then only names the server.
   */
  mcpTransport?: () => Transport;
  provider: ProviderSettings;
  /** The fetch that really reaches the network; the recorder wraps it. */
  fetch?: FetchLike;
  /** Open every gate at once (the CLI, benchmarks). */
  autoRelease?: boolean;
  /** How long one network exchange may take, not counting the pause before it (src/lifecycle/timeouts.ts has the defaults). */
  networkTimeoutMs?: number;
  /** The bounds of each exchange in all (time, frames, bytes); src/lifecycle/timeouts.ts has the defaults. */
  limits?: RunLimits;
  /** How many model rounds with tool calls before the host stops the loop. */
  maxToolRounds?: number;
  now?: () => number;
};

/** A model that keeps calling tools is stopped after this many rounds, unless the scenario says otherwise. */
export const DEFAULT_MAX_TOOL_ROUNDS = 5;

/**
 * The little a run changes as it goes, in one place: each part of the engine reads and
 * writes it here, and nothing else is mutable.
 */
export type RunState = {
  /** The phase of the latest step: a fault raised now belongs to it. */
  phase: Phase;
  /** The MCP client, once the host has started connecting. */
  connection: McpConnection | undefined;
  /** Stops the provider request on the wire, while there is one. */
  cancelProviderRequest: (() => void) | null;
  /** Stops the tools/call in flight (the SDK sends notifications/cancelled), while there is one. */
  cancelToolCall: (() => void) | null;
};

/** Holds at the gate, then records the host's own step (as the learner edited it, for a message). */
export type HostStep = (id: StepId, fields: StepFields, pendingTitle?: string, editable?: boolean) => Promise<Step>;

/** What every part of one run shares: its options, its trace, its gate, and its MCP plumbing. */
export type RunContext = {
  options: RunOptions;
  adapter: WireAdapter;
  trace: Trace;
  writer: TraceWriter;
  state: RunState;
  /** Aborted when the learner resets the run. */
  signal: AbortSignal;
  timeouts: RunTimeouts;
  gate: (next: PendingStep) => Promise<Release>;
  hostStep: HostStep;
  watchdog: McpWatchdog;
  traffic: McpTraffic;
  /** The recording fetch the MCP client talks through. */
  mcpFetch: FetchLike;
};
