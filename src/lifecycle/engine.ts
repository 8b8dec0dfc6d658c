import type { FetchLike } from '@modelcontextprotocol/client';
import { createRecordingFetch } from '../mcp/recording-fetch.ts';
import type { McpTool, ToolRoundResult } from '../providers/types.ts';
import { getWireAdapter } from '../providers/wire-adapters.ts';
import { runConversation } from './conversation.ts';
import { HostFault, RunAborted, explainMcpFailure } from './faults.ts';
import { Gate, type Release } from './gate.ts';
import { McpConnection, WAIT_FOR_LEARNER_MS } from './mcp-connection.ts';
import { McpWatchdog } from './mcp-watchdog.ts';
import { createMcpTraffic } from './mcp-traffic.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { Era, Phase, Step, Trace } from '../trace/trace.ts';
import { TraceWriter, type PendingStep, type RunListener, type StepFields } from './trace-writer.ts';

/**
 * The Host. It runs one question through the whole lifecycle, for real: the MCP SDK
 * client talks to the MCP server over HTTP, the provider is called in its own wire
 * format, and every message is recorded as a step. Before each message it sends, the
 * host waits at a gate until released (the learner may edit the message there), so a
 * learner can go one step at a time. No React, no browser APIs beyond fetch: the same
 * engine runs in Node.
 */

export type RunOptions = {
  question: string;
  era: Era;
  mcpUrl: string;
  provider: ProviderSettings;
  /** The fetch that really reaches the network; the recorder wraps it. */
  fetch?: FetchLike;
  /** Open every gate at once (the CLI, benchmarks). */
  autoRelease?: boolean;
  /** How long one network exchange may take, not counting the pause before it. */
  networkTimeoutMs?: number;
  /** How many model rounds with tool calls before the host stops the loop. */
  maxToolRounds?: number;
  now?: () => number;
};

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
  abort(): void;
};

/** The MCP server's address as a URL, or a fault that says how to write it. */
function readMcpUrl(address: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new HostFault(
      {
        what: `The MCP server address “${address}” is not an http or https URL.`,
        why: 'Streamable HTTP servers are reached by a full URL, scheme included.',
        fix: 'Write the whole address, for example http://127.0.0.1:3000/mcp, then press Reset.',
      },
      'discovery',
    );
  }
  return url;
}

export function createLifecycleRun(options: RunOptions): LifecycleRun {
  const adapter = getWireAdapter(options.provider.wire);
  if (!adapter) throw new Error(`Unknown wire format "${options.provider.wire}".`);
  const now = options.now ?? (() => (typeof performance === 'undefined' ? Date.now() : performance.now()));
  const trace: Trace = {
    format: 'mcp-lifecycle-trace',
    version: 1,
    question: options.question,
    answer: null,
    status: 'running',
    startedAt: new Date().toISOString(),
    model: { wire: adapter.id, kind: options.provider.kind, name: options.provider.model },
    mcp: { url: options.mcpUrl, era: options.era, protocolVersion: null },
    steps: [],
  };
  const writer = new TraceWriter(trace, now);
  const abortController = new AbortController();
  const gateKeeper = new Gate((pending) => writer.emit({ type: 'waiting', pending }));
  let phase: Phase = 'discovery';
  let cancelProviderRequest: (() => void) | null = null;

  async function gate(next: PendingStep): Promise<Release> {
    if (abortController.signal.aborted) throw new RunAborted();
    if (options.autoRelease) return {};
    return gateKeeper.wait(next);
  }

  /** Holds at the gate, then records the host's own step (as the learner edited it, for a message). */
  async function hostStep(id: string, fields: StepFields, pendingTitle?: string, editable = false): Promise<Step> {
    const release = await gate(writer.describe(id, { payload: fields.payload, editable, ...(pendingTitle ? { title: pendingTitle } : {}) }));
    const edited = editable && release.payload !== undefined ? { payload: release.payload, edited: { original: fields.payload } } : {};
    const step = writer.append(id, { ...fields, ...edited });
    phase = step.phase;
    return step;
  }

  const watchdog = new McpWatchdog(options.networkTimeoutMs ?? 30_000, () => phase);
  const traffic = createMcpTraffic({
    writer,
    gate,
    observer: { onActivity: () => watchdog.noteActivity(), onUnanswered: (reason) => watchdog.noteUnanswered(reason) },
  });

  /** Runs one MCP call under the watchdog; its fault, when it fired, is the one to report. */
  async function guarded<T>(during: string, perform: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = AbortSignal.any([abortController.signal, watchdog.begin(during, options.mcpUrl)]);
    try {
      return await perform(signal);
    } catch (error) {
      throw watchdog.fault ?? error;
    } finally {
      watchdog.end();
    }
  }
  const mcpFetch = createRecordingFetch({
    fetch: options.fetch,
    beforeSend: traffic.beforeSend,
    listener: (event) => {
      traffic.listener(event);
      if (event.type === 'request') phase = trace.steps.at(-1)?.phase ?? phase;
    },
    timeoutMs: options.networkTimeoutMs ?? 30_000,
  });
  let connection: McpConnection | undefined;

  async function runLifecycle(): Promise<void> {
    await hostStep('user.question', { payload: { question: options.question } });
    if (options.question.trim() === '') {
      throw new HostFault({
        what: 'The question is empty.',
        why: 'The host has nothing to ask the model.',
        fix: 'Type a question, for example “What is 5 plus 7?”, and press Next.',
      });
    }
    await hostStep('host.start-discovery', {
      payload: { action: 'connect to the MCP server and list its tools', server: options.mcpUrl, era: options.era },
    });

    connection = new McpConnection({
      url: readMcpUrl(options.mcpUrl),
      era: options.era,
      fetch: mcpFetch,
      onSessionLost: async () => {
        await hostStep('host.new-session', { payload: { reason: 'The server answered 404 for the session id: it no longer knows this session.', action: 'start a new session, then send the same request again' } });
      },
    });
    try {
      await guarded('while connecting', (signal) => connection!.connect(signal));
    } catch (error) {
      throw mcpFault(error, 'while connecting');
    }
    trace.mcp.protocolVersion = connection.protocolVersion;

    let tools: McpTool[];
    try {
      const listed = await guarded('during tools/list', (signal) =>
        connection!.request((client) => client.listTools(undefined, { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal })),
      );
      tools = listed.tools;
    } catch (error) {
      throw mcpFault(error, 'during tools/list');
    }
    await traffic.answered('tools/list');
    await hostStep('client.tools-to-host', { payload: { tools } });

    const translatedTools = adapter!.prepareTools({ tools, strict: options.provider.strict ?? false });
    await hostStep('host.translate-tools', {
      payload: translatedTools.result.tools,
      translation: { number: 1, input: tools, output: translatedTools.result.tools, warnings: translatedTools.warnings, changes: translatedTools.changes },
    });
    trace.answer = await runConversation(
      {
        adapter: adapter!,
        provider: options.provider,
        question: options.question,
        writer,
        fetch: options.fetch,
        runSignal: abortController.signal,
        timeoutMs: options.networkTimeoutMs ?? 60_000,
        maxToolRounds: options.maxToolRounds ?? 5,
        retryFailures: !options.autoRelease,
        currentPhase: () => phase,
        hostStep,
        callTool,
        onProviderRequest: (cancel) => {
          cancelProviderRequest = cancel;
          writer.emit({ type: 'provider-request', inFlight: cancel !== null });
        },
      },
      translatedTools.result,
    );
    // A stateful server keeps a session for this client: the host ends it (DELETE) before finishing.
    await connection.close({ terminate: true });
  }

  async function callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<ToolRoundResult['outcome']> {
    if (!connection) throw new Error('The MCP client is not connected.');
    try {
      const result = await guarded('during tools/call', (signal) =>
        connection!.request((client) => client.callTool(params, { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal })),
      );
      await traffic.answered('tools/call');
      await hostStep('client.result-to-host', { payload: result });
      return { type: 'result', result: result as Extract<ToolRoundResult['outcome'], { type: 'result' }>['result'] };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && !abortController.signal.aborted) {
        // A JSON-RPC error (unknown tool, bad params): the host tells the model instead of stopping.
        await traffic.answered('tools/call');
        const message = `MCP error ${code}: ${error instanceof Error ? error.message : String(error)}`;
        await hostStep('client.result-to-host', { payload: { error: { code, message } } });
        return { type: 'host-error', message };
      }
      throw mcpFault(error, 'during tools/call');
    }
  }

  function mcpFault(error: unknown, during: string): Error {
    if (abortController.signal.aborted || error instanceof RunAborted) return new RunAborted();
    if (error instanceof HostFault) return error;
    return new HostFault(explainMcpFailure(error, options.mcpUrl, during), phase);
  }

  async function start(): Promise<Trace> {
    try {
      await runLifecycle();
      writer.setStatus('complete');
    } catch (error) {
      if (error instanceof RunAborted || abortController.signal.aborted) {
        writer.setStatus('aborted');
      } else {
        const fault =
          error instanceof HostFault
            ? error.fault
            : { what: `The host failed: ${error instanceof Error ? error.message : String(error)}`, why: 'An unexpected error in the explorer itself.', fix: 'Press Reset and try again; if it repeats, report it with the exported trace.' };
        writer.append('host.fault', {
          payload: { error: fault.what, why: fault.why, fix: fault.fix },
          fault,
          title: `The run stopped: ${fault.what}`,
          phase: error instanceof HostFault && error.phase ? error.phase : phase,
        });
        writer.setStatus('failed');
      }
    } finally {
      await connection?.close({ terminate: false });
    }
    return trace;
  }

  return {
    trace,
    get pending() {
      return gateKeeper.pending;
    },
    subscribe: (listener) => writer.subscribe(listener),
    start,
    release(release) {
      if (!gateKeeper.release(release)) return false;
      writer.emit({ type: 'released' });
      return true;
    },
    cancelProviderRequest() {
      if (!cancelProviderRequest) return false;
      cancelProviderRequest();
      return true;
    },
    abort() {
      if (abortController.signal.aborted) return;
      abortController.abort();
      gateKeeper.close();
      void connection?.close({ terminate: false });
    },
  };
}
