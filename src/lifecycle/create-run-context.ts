import type { FetchLike } from '@modelcontextprotocol/client';
import { createRecordingFetch } from '../mcp/index.ts';
import type { WireAdapter } from '../providers/index.ts';
import type { Step, GateAnswerer } from '../trace/index.ts';
import { readGate, describeGateTitle } from '../content/index.ts';
import { FAULT_WORDS } from './fault-words.ts';
import { RunAborted } from './faults.ts';
import { Gate, type Release } from './gate.ts';
import { createMcpTraffic } from './mcp-traffic.ts';
import { listMarkedSecretNames } from './mcp-headers.ts';
import { McpWatchdog } from './mcp-watchdog.ts';
import { describeRateLimitWait, retryRateLimited, type RateLimitWait } from './mcp-rate-limit.ts';
import type { HostStep, RunContext, RunOptions, RunState } from './run-context.ts';
import { collectRunSecrets } from './run-secrets.ts';
import { startTrace } from './start-trace.ts';
import { resolveTimeouts } from './timeouts.ts';
import { MAX_NESTING_DEPTH, createRandomTraceHex } from '../trace/index.ts';
import { TraceWriter, type PendingStep } from './trace-writer.ts';

/** Who answered a gate that asks the user: the one who released it with an answer, else whoever let the proposed answer go. */
function readAnswerer({ given, preset, autoRelease }: { given: boolean; preset: boolean; autoRelease: boolean }): GateAnswerer {
  if (given) return 'learner';
  if (!autoRelease) return 'next';
  return preset ? 'preset' : 'host';
}

/** Holds the run at each step until the learner (or Next) lets it go; a run that nobody steps through passes at once. */
function createGateWait({ options, writer, gateKeeper, signal }: { options: RunOptions; writer: TraceWriter; gateKeeper: Gate; signal: AbortSignal }) {
  return async function gate(next: PendingStep): Promise<Release> {
    if (signal.aborted) throw new RunAborted();
    if (options.autoRelease) return {};
    writer.startLearnerWait();
    try {
      return await gateKeeper.wait(next);
    } finally {
      writer.endLearnerWait();
    }
  };
}

/** A step of the host's own: held at the gate (where the learner may edit or answer it), then recorded with who answered. */
function createHostStep({
  options,
  writer,
  gate,
  trace,
  state,
}: {
  options: RunOptions;
  writer: TraceWriter;
  gate: RunContext['gate'];
  trace: RunContext['trace'];
  state: RunState;
}): HostStep {
  return async (id, fields, pendingTitle, editable = false, asks) => {
    const release = await gate(
      writer.describe(id, {
        payload: fields.payload,
        editable,
        ...(pendingTitle ? { title: pendingTitle } : {}),
        ...(asks?.answerRequired ? { answerRequired: true } : {}),
      }),
    );
    const given = editable && release.payload !== undefined;
    const edited = given ? { payload: release.payload, ...(release.answered ? {} : { edited: { original: fields.payload } }) } : {};
    const answered = asks
      ? {
          gate: {
            answeredBy: readAnswerer({ given, preset: asks.preset, autoRelease: options.autoRelease === true }),
            ...(asks.urlMode ? { pageOpened: release.pageOpened === true } : {}),
          },
        }
      : {};
    const step = writer.append(id, { ...fields, ...edited, ...answered });
    // A gate's answer is said in its title: who answered (you, Next, a flag, the host's default) and what.
    const gateFacts = asks ? readGate(step, trace.steps, trace.steps.length - 1) : null;
    if (gateFacts) writer.update(step, { title: describeGateTitle(gateFacts).text });
    state.phase = step.phase;
    return step;
  };
}

/** The MCP client's fetch: every exchange recorded and bounded, its messages held at the gate and turned into steps, the watchdog told of each. */
function createMcpRecording(input: {
  options: RunOptions;
  writer: TraceWriter;
  gate: RunContext['gate'];
  trace: RunContext['trace'];
  state: RunState;
  watchdog: McpWatchdog;
  timeouts: RunContext['timeouts'];
  secrets: string[];
}): { traffic: RunContext['traffic']; recordingFetch: FetchLike } {
  const { options, writer, trace, state, watchdog, timeouts } = input;
  const traffic = createMcpTraffic({
    writer,
    gate: input.gate,
    // One trace per run: the OTLP export takes this id from the recorded messages, so the server's spans and ours meet.
    traceId: createRandomTraceHex(16),
    observer: {
      onActivity: () => watchdog.noteActivity(),
      // Stop is offered once the call is on the wire, not while it waits at the gate.
      onSent: (method) => {
        if (method === 'tools/call' && state.cancelToolCall) writer.emit({ type: 'tool-call', inFlight: true });
      },
      onUnanswered: (reason) => watchdog.noteUnanswered(reason),
      onStopped: (stop, progressFrames) => watchdog.noteStopped(stop, progressFrames),
    },
  });
  const recordingFetch = createRecordingFetch({
    fetch: options.fetch,
    beforeSend: traffic.beforeSend,
    listener: (event) => {
      traffic.listener(event);
      // A fault raised while a message is on the wire belongs to that message's phase.
      if (event.type === 'request') state.phase = trace.steps.at(-1)?.phase ?? state.phase;
    },
    timeoutMs: timeouts.mcpSilenceMs,
    // The GET stream is the server's channel for the whole session, not a request: only its size is bounded.
    limits: (request) => ({
      ...(request.method === 'GET' ? {} : { totalMs: timeouts.mcpRequestMs }),
      maxFrames: timeouts.maxAnswerFrames,
      maxBytes: timeouts.maxAnswerBytes,
      maxDepth: MAX_NESTING_DEPTH,
    }),
    // A server that echoes the provider key or its own token back (in a tool result, say) must not put it in the trace.
    secrets: input.secrets,
    secretHeaderNames: listMarkedSecretNames(options.mcpHeaders ?? []),
  });
  return { traffic, recordingFetch };
}

/**
 * Everything one run shares, wired together: the trace and its writer, the gate, the
 * watchdog, and the recording fetch whose traffic becomes MCP steps. The gate keeper and
 * the abort controller go back to the run's handle, which opens and resets them.
 */
export function createRunContext(options: RunOptions, adapter: WireAdapter): { context: RunContext; gateKeeper: Gate; abortController: AbortController } {
  const now = options.now ?? (() => (typeof performance === 'undefined' ? Date.now() : performance.now()));
  const trace = startTrace(options);
  const secrets = collectRunSecrets(options);
  const writer = new TraceWriter(trace, now, secrets);
  const abortController = new AbortController();
  const gateKeeper = new Gate((pending) => writer.emit({ type: 'waiting', pending }));
  const state: RunState = {
    phase: 'discovery',
    connection: undefined,
    cancelProviderRequest: null,
    cancelToolCall: null,
    tools: [],
    toolsListedAt: 0,
    declined: false,
    unsentInputAnswer: null,
    clientsByIssuer: new Map(),
    views: [],
    closeViews: null,
  };
  const timeouts = resolveTimeouts(options.networkTimeoutMs, options.limits);
  const gate = createGateWait({ options, writer, gateKeeper, signal: abortController.signal });
  const hostStep = createHostStep({ options, writer, gate, trace, state });
  const say = FAULT_WORDS[options.reader ?? 'page'];
  const watchdog = new McpWatchdog(timeouts.mcpSilenceMs, () => state.phase, say);
  const { traffic, recordingFetch } = createMcpRecording({ options, writer, gate, trace, state, watchdog, timeouts, secrets });
  const mcpFetch = retryInTheOpen({ fetch: recordingFetch, signal: abortController.signal, writer, watchdog, state });
  const withdrawFromGate = (matches: (pending: PendingStep) => boolean): boolean => {
    if (!gateKeeper.withdraw(matches)) return false;
    writer.emit({ type: 'released' });
    return true;
  };
  const context: RunContext = {
    options,
    adapter,
    trace,
    writer,
    state,
    signal: abortController.signal,
    timeouts,
    gate,
    withdrawFromGate,
    hostStep,
    watchdog,
    traffic,
    mcpFetch,
    secrets,
    say,
  };
  return { context, gateKeeper, abortController };
}

/**
 * A 429 with Retry-After is waited out in the open and sent again; one the host gives up on is the run's fault.
 * Each wait counts down on its own step: two requests refused at once (a call and the session's GET) wait side by side.
 */
function retryInTheOpen({
  fetch,
  signal,
  writer,
  watchdog,
  state,
}: {
  fetch: FetchLike;
  signal: AbortSignal;
  writer: TraceWriter;
  watchdog: McpWatchdog;
  state: RunState;
}): FetchLike {
  const waitSteps = new Map<RateLimitWait, Step>();
  return retryRateLimited({
    fetch,
    signal,
    onWait: (wait) => {
      const during = watchdog.describeActivity();
      const waitStep = writer.append('host.mcp-rate-limit-wait', {
        payload: { status: 429, retryAfterMs: wait.waitMs, attempt: wait.attempt, sendsAgainAt: new Date(wait.until).toISOString() },
        phase: state.phase,
        title: describeRateLimitWait({ wait, leftMs: wait.waitMs, during }),
      });
      waitSteps.set(wait, waitStep);
    },
    onTick: (wait, leftMs) => {
      // The wait is the server's own request, not silence: the watchdog starts over each second.
      watchdog.noteActivity();
      const waitStep = waitSteps.get(wait);
      if (waitStep) writer.update(waitStep, { title: describeRateLimitWait({ wait, leftMs, during: watchdog.describeActivity() }) });
      if (leftMs <= 0) waitSteps.delete(wait);
    },
    onGiveUp: (giveUp) => watchdog.noteRateLimited(giveUp),
  });
}
