import {
  isSpecType,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  specTypeSchemas,
  type CallToolResult,
  type Client,
  type ElicitRequestURLParams,
} from '@modelcontextprotocol/client';
import type { ToolRoundResult } from '../providers/index.ts';
import type { ToolCallParams } from './run-state-types.ts';
import { linkSignals } from '../mcp/index.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import { openToolView, type ToolView, type ViewsContext } from './app-views.ts';
import type { ToolCaller } from './app-view-meta.ts';
import { askConsent, needsConsent, type ConsentContext } from './consent.ts';
import { readResourceLinks, type ResourceLinksContext } from './resource-links.ts';
import { readResultWithoutType, type ResultWithoutTypeContext } from './result-without-type.ts';
import { answerUrlElicitations, readUrlElicitations, type UrlElicitationContext } from './url-elicitation-required.ts';
import type { RunSlice } from './run-context.ts';
import { followTask, type TaskCallContext } from './task-call.ts';
import { asksForTask, readLegacyCreation, readModernCreation, type FollowedTask } from './task-shapes.ts';
import { TASK_TTL_MS, WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** What a tools/call needs: consent, its view, its task, its URL elicitations, its resource links, and the call in flight. */
export type ToolCallContext = ConsentContext &
  ViewsContext &
  ResourceLinksContext &
  ResultWithoutTypeContext &
  UrlElicitationContext &
  TaskCallContext &
  McpCallContext &
  RunSlice<'traffic' | 'signal' | 'hostStep' | 'writer', never, 'connection' | 'tools' | 'declined' | 'cancelToolCall' | 'unsentInputAnswer'>;

export type { ToolCallParams };

/**
 * How long the host waits, after the learner stopped a tool, for the server's answer
 * stream to end: the steps then show the server stopping before the model is told.
 */
const STOPPED_STREAM_WAIT_MS = 5_000;

/** Said on the result of a call a tool's view made: the model never sees it. */
const VIEW_CALL_NOTE = 'This call is the view’s: its result goes back to the view, not to the model.';

/** What the model is told of a tool the learner stopped: a host error, as a real host tells it. */
export const STOPPED_BY_USER = 'The user stopped this tool call before it finished: the client sent notifications/cancelled and the server gave no result.';

/**
 * One tools/call, steps 12-17: the request on the wire, the server's own steps as it
 * reports them, and the result back to the host. The SDK client validates the result
 * against its CallToolResult schema before it gives it back.
 *
 * The caller is the model, or a tool's view (MCP Apps): the same consent and the same gate
 * either way. A tool with a view called by the model gets its view first (app-views.ts),
 * which is told the arguments and then the result. The run ends declined only when the
 * model's call was refused: a view's call refused leaves the model's answer as it was.
 * A call sent again (after the user opened the server's page, -32042) keeps the view the
 * first one opened.
 */
export async function callTool(context: ToolCallContext, params: ToolCallParams, options: CallToolOptions = {}): Promise<ToolRoundResult['outcome']> {
  const { again = false, caller = 'model' } = options;
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  const tool = context.state.tools.find((listed) => listed.name === params.name);
  // A call sent again after the user opened the server's page was consented to the first time.
  if (!again && tool && needsConsent(tool) && (await askConsent(context, { tool, params })) === 'deny') {
    // Nothing reaches the server; the model hears why, so it can tell the user in words.
    if (caller === 'model') context.state.declined = true;
    return { type: 'host-error', message: `The user declined to let the host call ${params.name}, so it was not called and nothing changed on the server.` };
  }
  const view = again
    ? options.view
    : caller === 'model' && tool
      ? await openToolView(context, { tool, params, callTool: (asked) => callTool(context, asked, { caller: 'app' }) })
      : undefined;
  // Stop aborts the SDK's request, and the SDK tells the server (notifications/cancelled in 2025-11-25).
  // The call's one signal is Stop's, which the watchdog's and the run's abort too: stoppedByLearner says which it was.
  const stop = new AbortController();
  let stoppedByLearner = false;
  context.state.cancelToolCall = () => {
    stoppedByLearner = true;
    stop.abort();
  };
  const asTask = asksForTask({ connection, tool });
  const sent = await guardMcpCall(context, 'during tools/call', async (signal) => {
    const unlink = linkSignals(stop, [signal]);
    try {
      return { answer: await connection.request((client) => (asTask ? askForTask(client, params, stop.signal) : callPlainly(client, params, stop.signal))) };
    } finally {
      unlink();
    }
  }).catch((error: unknown) => ({ error }));
  setToolCallInFlight(context, null);
  const answer = 'answer' in sent ? sent.answer : undefined;
  // 2026-07-28: the SDK client (2.4) knows no result of type "task" and refuses it; the host speaks the extension and reads the task from the answer as it came.
  const task = answer ? (answer.kind === 'task' ? answer.task : undefined) : 'error' in sent ? readRefusedTask(context, sent.error) : undefined;
  if (task) {
    await context.traffic.answered('tools/call');
    const outcome = await followTask(context, { era: connection.era, task });
    // A view is told what the task came to, as it is told a call's result.
    if (outcome.type === 'result') await view?.tellResult(outcome.result);
    else await view?.tellCancelled(outcome.message);
    return outcome;
  }
  const result =
    answer?.kind === 'result'
      ? answer.result
      : 'error' in sent
        ? await readResultWithoutType(context, { method: 'tools/call', schema: specTypeSchemas.CallToolResult, error: sent.error })
        : undefined;
  if (result === undefined) {
    const error = 'error' in sent ? sent.error : undefined;
    const elicitations = again || context.signal.aborted ? undefined : readUrlElicitations(error);
    if (elicitations && elicitations.valid.length > 0 && elicitations.invalid === 0)
      return answerElicitationRequired(context, { params, caller, view }, elicitations.valid);
    return answerFailedCall(context, { error, stoppedByLearner, view });
  }
  await context.traffic.answered('tools/call');
  await context.hostStep('client.result-to-host', { payload: result, ...(caller === 'app' ? { note: VIEW_CALL_NOTE } : {}) });
  await view?.tellResult(result);
  // The links of a result are read for the model's context; a view gets the result as the server gave it.
  return { type: 'result', result: caller === 'model' ? await readResourceLinks(context, result) : result };
}

type CallToolOptions = {
  /** Sent again after the user opened the server's page: consent was asked the first time. */
  again?: boolean;
  caller?: ToolCaller;
  /** The view the first call opened, told the result of the call sent again. */
  view?: ToolView | undefined;
};

/** The server needs the user on a page of its own first (-32042): asked as URL elicitations, then the same call once more. */
async function answerElicitationRequired(
  context: ToolCallContext,
  { params, caller, view }: { params: ToolCallParams; caller: ToolCaller; view: ToolView | undefined },
  elicitations: ElicitRequestURLParams[],
): Promise<ToolRoundResult['outcome']> {
  await context.traffic.answered('tools/call');
  const outcome = await answerUrlElicitations(context, { elicitations, what: `the tool ${params.name}` });
  if (outcome.kind === 'retry') return callTool(context, params, { again: true, caller, view });
  await context.hostStep('client.result-to-host', { payload: { error: { code: ProtocolErrorCode.UrlElicitationRequired, message: outcome.message } } });
  await view?.tellCancelled(outcome.message);
  return { type: 'host-error', message: outcome.message };
}

/** A call that gave no result: stopped by the learner, refused with a JSON-RPC error (the model is told), or a fault. */
async function answerFailedCall(
  context: ToolCallContext,
  { error, stoppedByLearner, view }: { error: unknown; stoppedByLearner: boolean; view: ToolView | undefined },
): Promise<ToolRoundResult['outcome']> {
  if (stoppedByLearner && !context.signal.aborted) {
    await waitForStreamEnd(context);
    await context.hostStep('client.result-to-host', { payload: { error: { message: STOPPED_BY_USER } } });
    await view?.tellCancelled(STOPPED_BY_USER);
    return { type: 'host-error', message: STOPPED_BY_USER };
  }
  if (error instanceof ProtocolError && !context.signal.aborted) {
    // A JSON-RPC error (unknown tool, bad params): the host tells the model instead of stopping.
    await context.traffic.answered('tools/call');
    // A v1 SDK server writes "MCP error <code>: " into the message itself: the host does not say it twice.
    const prefix = `MCP error ${error.code}: `;
    const message = error.message.startsWith(prefix) ? error.message : `${prefix}${error.message}`;
    const unsent = context.state.unsentInputAnswer;
    context.state.unsentInputAnswer = null;
    const note =
      unsent === null
        ? {}
        : {
            note: `No answer came from the server: this error is the client’s own (“${unsent}”), raised when the host could not answer the server’s input request, so the call was not sent again.`,
          };
    await context.hostStep('client.result-to-host', { payload: { error: { code: error.code, message } }, ...note });
    await view?.tellCancelled(message);
    return { type: 'host-error', message };
  }
  throw explainMcpError(context, error, 'during tools/call');
}

type CallAnswer = { kind: 'result'; result: CallToolResult } | { kind: 'task'; task: FollowedTask };

async function callPlainly(client: Client, params: ToolCallParams, signal: AbortSignal): Promise<CallAnswer> {
  return { kind: 'result', result: await client.callTool(params, { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal }) };
}

/**
 * 2025-11-25, a tool that runs as a task on a server that takes task-augmented calls: the
 * host asks for one (`params.task`, with the lifetime it wants) and reads the answer with
 * the SDK's own guards, a task (`{ task }`) or, from a server that chose not to make one,
 * a plain result.
 */
async function askForTask(client: Client, params: ToolCallParams, signal: AbortSignal): Promise<CallAnswer> {
  const answer = await client.request({ method: 'tools/call', params: { ...params, task: { ttl: TASK_TTL_MS } } }, specTypeSchemas.GetTaskPayloadResult, {
    onprogress: () => {},
    timeout: WAIT_FOR_LEARNER_MS,
    signal,
  });
  const task = isSpecType.CreateTaskResult(answer) ? readLegacyCreation(answer) : undefined;
  if (task) return { kind: 'task', task };
  const result = specTypeSchemas.CallToolResult['~standard'].validate(answer);
  if ('issues' in result && result.issues)
    throw new ProtocolError(-32603, 'The server answered a task-augmented tools/call with neither a task nor a tool result.');
  return { kind: 'result', result: result.value };
}

/** The task a 2026-07-28 server answered with, when the SDK client refused it for its resultType. */
function readRefusedTask(context: ToolCallContext, error: unknown): FollowedTask | undefined {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.UnsupportedResultType || context.signal.aborted) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('resultType' in data) || data.resultType !== 'task') return undefined;
  const answer = context.traffic.latestAnswer('tools/call');
  return typeof answer === 'object' && answer !== null && 'result' in answer ? readModernCreation(answer.result) : undefined;
}

/** The call is over (the traffic recorder said when it went on the wire): Stop is no longer offered. */
function setToolCallInFlight(context: ToolCallContext, cancel: null): void {
  context.state.cancelToolCall = cancel;
  context.writer.emit({ type: 'tool-call', inFlight: false });
}

/**
 * The stopped call's answer stream ends when the server stops it. A server that does not
 * end it (an SDK server in a session leaves it open, empty, until the session ends) is not
 * waited for long: the host closes the stream (mcp.call.closed), which would otherwise
 * hold a connection for as long as the session lives.
 */
async function waitForStreamEnd(context: ToolCallContext): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'bound'>((resolve) => (timer = setTimeout(() => resolve('bound'), STOPPED_STREAM_WAIT_MS)));
  const ended = await Promise.race([context.traffic.answered('tools/call'), bound]);
  clearTimeout(timer);
  // The recorder ends the exchange as closed by the client: its step is in the trace before the host's next one.
  if (ended === 'bound' && context.traffic.closeCancelled('tools/call')) await context.traffic.answered('tools/call');
}
