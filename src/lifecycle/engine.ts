import { getWireAdapter, getProviderMcpAdapter } from '../providers/index.ts';
import type { Trace } from '../trace/index.ts';
import { runConversation, type ConversationEnd } from './conversation.ts';
import type { ConversationContext } from './conversation-context.ts';
import { runProviderMcp } from './provider-mcp-run.ts';
import { createRunContext } from './create-run-context.ts';
import { discoverTools } from './discovery.ts';
import { runToEnd } from './finish-run.ts';
import type { Release } from './gate.ts';
import { DEFAULT_MAX_TOOL_ROUNDS, type RunContext, type RunOptions } from './run-context.ts';
import { callTool } from './tool-call.ts';
import { startFromPrompt } from './prompt-start.ts';
import { listResources } from './resource-links.ts';
import { relistChangedTools } from './tools-changed.ts';
import { resolveProviderLimits } from './timeouts.ts';
import { closeAllViews, keepViewsLive } from './app-views.ts';
import type { PendingStep, RunListener } from './trace-writer.ts';

export type { RunOptions };

/**
 * The Host. It runs one question through the whole lifecycle, for real: the MCP SDK
 * client talks to the MCP server over HTTP, the provider is called in its own wire
 * format, and every message is recorded as a step. Before each message it sends, the
 * host waits at a gate until released (the learner may edit the message there), so a
 * learner can go one step at a time. No React, no browser APIs beyond fetch: the same
 * engine runs in Node.
 *
 * The run reads in order: discovery (discovery.ts), the conversation with the model
 * (conversation.ts), each tool call within it (tool-call.ts), and the end (finish-run.ts).
 */

export type LifecycleRun = {
  readonly trace: Trace;
  readonly pending: PendingStep | null;
  subscribe(listener: RunListener): () => void;
  /** Runs to the end; resolves with the finished trace whatever happened. */
  start(): Promise<Trace>;
  /** Lets the message waiting at the gate go, edited if a payload is given. False when nothing is waiting. */
  release(release?: Release): boolean;
  /** Stops the provider request on the wire, if any; the run then offers to send it again. */
  cancelProviderRequest(): boolean;
  /** Stops the tools/call in flight, if any: the client tells the server (notifications/cancelled) and the model hears that it was stopped. */
  cancelToolCall(): boolean;
  /** Closes the tools' views on screen (MCP Apps): each is told (ui/resource-teardown) and its frame goes. False when there is none. */
  closeViews(): boolean;
  abort(): void;
};

/** What the conversation with the model shares with the rest of the run. */
function createConversationContext(context: RunContext): ConversationContext {
  const { options, writer, state } = context;
  return {
    adapter: context.adapter,
    provider: options.provider,
    ...(options.tabModel ? { tabModel: options.tabModel } : {}),
    question: options.question,
    writer,
    fetch: options.fetch,
    runSignal: context.signal,
    timeoutMs: context.timeouts.providerAnswerMs,
    limits: resolveProviderLimits(context.timeouts, { maxFrames: context.timeouts.maxReplyFrames }),
    maxToolRounds: options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS,
    retryFailures: !options.autoRelease,
    say: context.say,
    currentPhase: () => state.phase,
    hostStep: context.hostStep,
    secrets: context.secrets,
    callTool: (params) => callTool(context, params),
    relistTools: () => relistChangedTools(context),
    onProviderRequest: (cancel) => {
      state.cancelProviderRequest = cancel;
      writer.emit({ type: 'provider-request', inFlight: cancel !== null });
    },
  };
}

/** The whole lifecycle, from the question to the answer; a failure anywhere ends it. */
async function runLifecycle(context: RunContext): Promise<ConversationEnd['status'] | 'declined'> {
  const { options, state } = context;
  // The second topology: the provider's MCP client does discovery and every call; the host's client stays idle.
  if (options.topology === 'provider') return runProviderMcp(context, createConversationContext(context));
  const translatedTools = await discoverTools(context);
  if (options.listResources) await listResources(context);
  const startingConversation = options.prompt ? await startFromPrompt(context, options.prompt) : undefined;
  const end = await runConversation(
    { ...createConversationContext(context), ...(startingConversation === undefined ? {} : { startingConversation }) },
    translatedTools,
  );
  context.trace.answer = end.answer;
  // The tools' views stay on screen after the answer, calling the server through the host, until they are closed.
  await keepViewsLive(context);
  // A stateful server keeps a session for this client: the host ends it (DELETE) before finishing.
  await state.connection?.close({ terminate: true });
  // The model answered, but without the call the user refused: that is not the whole lifecycle.
  return end.status === 'complete' && state.declined ? 'declined' : end.status;
}

export function createLifecycleRun(options: RunOptions): LifecycleRun {
  // The model in the tab brings its own translations: its chat template's.
  const adapter = options.tabModel?.adapter ?? getWireAdapter(options.provider.wire);
  if (!adapter) throw new Error(`Unknown wire format "${options.provider.wire}".`);
  if (options.provider.kind === 'tab' && !options.tabModel) throw new Error('The model in the tab was chosen, but no model is loaded.');
  if (options.topology === 'provider' && !getProviderMcpAdapter(adapter.id)) {
    throw new Error(
      `${adapter.label} cannot have the provider call the MCP server: provider-side MCP is OpenAI Responses' mcp tool or Anthropic's MCP connector.`,
    );
  }
  const { context, gateKeeper, abortController } = createRunContext(options, adapter);
  const { state, writer } = context;
  return {
    trace: context.trace,
    get pending() {
      return gateKeeper.pending;
    },
    subscribe: (listener) => writer.subscribe(listener),
    start: () => runToEnd(context, () => runLifecycle(context)),
    release(release) {
      if (!gateKeeper.release(release)) return false;
      writer.emit({ type: 'released' });
      return true;
    },
    cancelProviderRequest() {
      if (!state.cancelProviderRequest) return false;
      state.cancelProviderRequest();
      return true;
    },
    cancelToolCall() {
      if (!state.cancelToolCall) return false;
      state.cancelToolCall();
      return true;
    },
    closeViews() {
      if (state.views.length === 0) return false;
      void closeAllViews(context, 'The user closed the view');
      return true;
    },
    abort() {
      if (abortController.signal.aborted) return;
      abortController.abort();
      gateKeeper.close();
      void state.connection?.close({ terminate: false });
    },
  };
}
