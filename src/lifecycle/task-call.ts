import { ProtocolError, specTypeSchemas, type CallToolResult, type StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { ToolRoundResult } from '../providers/index.ts';
import { isTerminalStatus, TaskAckSchema, DetailedTaskSchema } from '../trace/index.ts';
import type { Era } from '../trace/index.ts';
import { guardMcpCall } from './guard-mcp-call.ts';
import { readResourceLinks, type ResourceLinksContext } from './resource-links.ts';
import type { RunSlice } from './run-context.ts';
import { answerTaskInputs, type TaskInputContext } from './task-input.ts';
import { describePollField, readDetailedTask, readLegacyTask, type FollowedTask } from './task-shapes.ts';
import { describeLostTask, type TaskLifetime } from './task-ttl.ts';
import { MAX_TASK_POLLS, TASK_POLL_DEFAULT_MS, TASK_POLL_MAX_MS, TASK_POLL_MIN_MS, WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** What following a task needs: its input answers, the gate, the Cancel and the answer before the run. */
export type TaskCallContext = TaskInputContext &
  ResourceLinksContext &
  RunSlice<'hostStep' | 'traffic' | 'signal' | 'withdrawFromGate' | 'writer', 'tasks', 'connection' | 'cancelToolCall'>;

/**
 * A tools/call that the server answered with a task: the host polls it with tasks/get,
 * as often as the server asks, until it is over; answers what it asks on the way (in
 * 2025-11-25 on the tasks/result stream, where the SDK client's own handlers take the
 * requests to the gate; in 2026-07-28 from the inputRequests tasks/get carries, answered
 * at the same gates and sent back with tasks/update); fetches the result (tasks/result in
 * 2025-11-25, inside the last tasks/get in 2026-07-28); and may cancel it (tasks/cancel,
 * the learner's Cancel or the CLI's --cancel-task). The model gets the task's result.
 */

type Outcome = ToolRoundResult['outcome'];

/** What the model is told of a task the user cancelled. */
export const TASK_CANCELLED_BY_USER = 'The user cancelled this task before it finished (tasks/cancel), so the tool gave no result.';

type Follow = {
  context: TaskCallContext;
  era: Era;
  cancelRequested: boolean;
  /** The one tasks/cancel, once sent. */
  cancelling?: Promise<FollowedTask | undefined>;
  /** Ends the wait before the next poll. */
  wake: () => void;
  /** 2025-11-25: the task's id while tasks/result is open (a cancel then goes at once, beside it). */
  inResult?: string;
  /** 2026-07-28: the input request keys answered already (a poll may show one again before the server took the answer). */
  answeredKeys: Set<string>;
  /** The task's ttl, from when its creation came (each status may say it anew). */
  lifetime: TaskLifetime;
};

async function send<T>(context: TaskCallContext, method: string, params: Record<string, unknown>, schema: StandardSchemaV1<unknown, T>): Promise<T> {
  const connection = context.state.connection;
  if (!connection) throw new Error('The MCP client is not connected.');
  return guardMcpCall(context, `during ${method}`, (signal) =>
    connection.request((client) => client.request({ method, params }, schema, { timeout: WAIT_FOR_LEARNER_MS, signal })),
  );
}

/** One poll: the task as tasks/get says it is now. */
async function getTask(follow: Follow, taskId: string): Promise<FollowedTask> {
  const read =
    follow.era === '2025-11-25'
      ? readLegacyTask(await send(follow.context, 'tasks/get', { taskId }, specTypeSchemas.GetTaskResult))
      : readDetailedTask(await send(follow.context, 'tasks/get', { taskId }, DetailedTaskSchema));
  if (!read) throw new ProtocolError(-32603, 'The server answered tasks/get with something that is not a task.');
  await follow.context.traffic.answered('tasks/get');
  return read;
}

/** tasks/cancel: 2025-11-25 answers with the task (cancelled); 2026-07-28 acknowledges, and the next tasks/get tells. */
function sendCancel(follow: Follow, taskId: string): Promise<FollowedTask | undefined> {
  follow.cancelling ??= (async () => {
    if (follow.era === '2025-11-25') return readLegacyTask(await send(follow.context, 'tasks/cancel', { taskId }, specTypeSchemas.CancelTaskResult));
    await send(follow.context, 'tasks/cancel', { taskId }, TaskAckSchema);
    return undefined;
  })();
  return follow.cancelling;
}

/** Waits the server's poll interval, bounded both ways; the learner's Cancel ends the wait. */
function waitToPoll(follow: Follow, task: FollowedTask): Promise<void> {
  const asked = task.pollIntervalMs;
  const waitMs = Math.min(TASK_POLL_MAX_MS, Math.max(TASK_POLL_MIN_MS, asked ?? TASK_POLL_DEFAULT_MS));
  const field = describePollField(follow.era);
  const why =
    asked === undefined
      ? `The server named no ${field}, so the host waited its own ${waitMs} ms before this poll.`
      : waitMs === asked
        ? `The host waited ${waitMs} ms after the last status before this poll, as the server asked (${field} ${asked}).`
        : `The server asked for ${field} ${asked}; the host waited ${waitMs} ms (its ${asked > waitMs ? 'ceiling' : 'floor'}) before this poll.`;
  follow.context.traffic.noteNext('tasks/get', why);
  return new Promise((resolve) => {
    const timer = setTimeout(done, waitMs);
    function done() {
      clearTimeout(timer);
      follow.wake = () => {};
      resolve();
    }
    follow.wake = done;
  });
}

async function handOver(context: TaskCallContext, payload: unknown, note?: string): Promise<void> {
  await context.hostStep('client.result-to-host', { payload, ...(note ? { note } : {}) });
}

/** A result the model gets, as a call's result would be (resource links read). */
async function finishWithResult(context: TaskCallContext, result: CallToolResult): Promise<Outcome> {
  await handOver(context, result);
  return { type: 'result', result: await readResourceLinks(context, result) };
}

async function finishWithError(context: TaskCallContext, message: string, code?: number, note?: string): Promise<Outcome> {
  await handOver(context, { error: { ...(code === undefined ? {} : { code }), message } }, note);
  return { type: 'host-error', message };
}

/** The server answered a request about the task with -32602: it no longer has it (its ttl ran out, most likely). */
async function finishLost(follow: Follow, method: string, error: ProtocolError): Promise<Outcome> {
  await follow.context.traffic.answered(method);
  const note = describeLostTask({ era: follow.era, lifetime: follow.lifetime, now: Date.now(), method, code: error.code });
  return finishWithError(follow.context, `MCP error ${error.code}: ${error.message}`, error.code, note);
}

/** Whether an error answering a request about the task says the server does not know it (-32602, as both eras name it). */
function isLostTask(error: ProtocolError): boolean {
  return error.code === -32602;
}

/** 2025-11-25's tasks/result: blocks until the task is over; on its stream come the server's requests (the SDK's handlers answer them at the gate). */
async function fetchLegacyResult(follow: Follow, taskId: string): Promise<Outcome> {
  const { context } = follow;
  follow.inResult = taskId;
  try {
    const result = await send(context, 'tasks/result', { taskId }, specTypeSchemas.CallToolResult);
    await context.traffic.answered('tasks/result');
    return finishWithResult(context, result);
  } catch (error) {
    if (!(error instanceof ProtocolError) || context.signal.aborted) throw error;
    await context.traffic.answered('tasks/result');
    if (follow.cancelRequested) return finishCancelled(follow, taskId);
    if (isLostTask(error)) return finishLost(follow, 'tasks/result', error);
    return finishWithError(context, `MCP error ${error.code}: ${error.message}`, error.code);
  } finally {
    follow.inResult = undefined;
  }
}

/** The task is over: its result, its error, or its cancellation, for the model. */
async function finishTask(follow: Follow, task: FollowedTask): Promise<Outcome> {
  const { context } = follow;
  if (task.status === 'cancelled')
    return follow.cancelRequested
      ? finishWithError(context, TASK_CANCELLED_BY_USER)
      : finishWithError(context, `The server cancelled the task: ${task.statusMessage ?? 'it gave no reason'}. The tool gave no result.`);
  // 2025-11-25 keeps the result (or the JSON-RPC error) for tasks/result; 2026-07-28 carried it in tasks/get.
  if (follow.era === '2025-11-25') return fetchLegacyResult(follow, task.taskId);
  if (task.status === 'failed')
    return finishWithError(context, `MCP error ${task.error?.code ?? -32603}: ${task.error?.message ?? 'the task failed'}`, task.error?.code);
  const checked = specTypeSchemas.CallToolResult['~standard'].validate(task.result);
  if ('issues' in checked && checked.issues)
    return finishWithError(context, 'The completed task carried a result that is not a CallToolResult, so the host has nothing to give the model.');
  return finishWithResult(context, checked.value);
}

/** After the learner's cancel: what became of the task (cooperative: it may have finished first). */
async function finishCancelled(follow: Follow, taskId: string): Promise<Outcome> {
  let told: FollowedTask | undefined;
  try {
    told = await sendCancel(follow, taskId);
  } catch (error) {
    // 2025-11-25 refuses to cancel a task that is over (-32602): then it is over, and tasks/get says how.
    if (!(error instanceof ProtocolError)) throw error;
  }
  if (!told || !isTerminalStatus(told.status)) {
    follow.context.traffic.noteNext(
      'tasks/get',
      'After the cancel, the host asks once what became of the task: cancelling is cooperative, and the task may have finished first.',
    );
    told = await getTask(follow, taskId);
  }
  if (told.status === 'cancelled') return finishWithError(follow.context, TASK_CANCELLED_BY_USER);
  if (isTerminalStatus(told.status)) return finishTask({ ...follow, cancelRequested: false }, told);
  return finishWithError(
    follow.context,
    `The user cancelled this task (tasks/cancel); the server took the cancel, but the task was still ${told.status} when the host last asked, so the host stopped following it without a result.`,
  );
}

/** Follows a task from its creation to its end; the tool round's outcome is the task's. */
export async function followTask(context: TaskCallContext, { era, task: created }: { era: Era; task: FollowedTask }): Promise<Outcome> {
  const follow: Follow = {
    context,
    era,
    cancelRequested: false,
    wake: () => {},
    answeredKeys: new Set(),
    lifetime: { createdAt: Date.now(), ttlMs: created.ttlMs },
  };
  const cancelAfterFirstStatus = context.options.tasks?.cancelAfterFirstStatus === true;
  context.state.cancelToolCall = () => {
    follow.cancelRequested = true;
    follow.wake();
    // A poll still at the gate is taken back unsent: tasks/cancel goes instead. While tasks/result waits, it goes beside it.
    context.withdrawFromGate((pending) => pending.id === 'mcp.tasks-get.request');
    if (follow.inResult !== undefined) void sendCancel(follow, follow.inResult).catch(() => undefined);
  };
  context.writer.emit({ type: 'tool-call', inFlight: true, task: true });
  try {
    let task = created;
    for (let polls = 0; ; polls += 1) {
      if (follow.cancelRequested) return await finishCancelled(follow, task.taskId);
      if (isTerminalStatus(task.status)) return await finishTask(follow, task);
      if (task.status === 'input_required' && era === '2025-11-25') return await fetchLegacyResult(follow, task.taskId);
      if (task.status === 'input_required') {
        const answered = await answerTaskInputs(context, task, follow.answeredKeys);
        if (answered.kind === 'cannot') {
          follow.cancelRequested = true;
          await sendCancel(follow, task.taskId).catch(() => undefined);
          return await finishWithError(context, answered.message);
        }
      }
      if (polls >= MAX_TASK_POLLS)
        return await finishWithError(
          context,
          `The task was still ${task.status} after ${MAX_TASK_POLLS} polls, so the host stopped following it (it may go on, on the server) without a result.`,
        );
      await waitToPoll(follow, task);
      if (follow.cancelRequested) continue;
      try {
        task = await getTask(follow, task.taskId);
        if (task.ttlMs !== undefined) follow.lifetime.ttlMs = task.ttlMs;
      } catch (error) {
        // The learner's cancel took the poll back at the gate: the loop cancels instead.
        if (follow.cancelRequested && !context.signal.aborted) continue;
        if (error instanceof ProtocolError && isLostTask(error) && !context.signal.aborted) return await finishLost(follow, 'tasks/get', error);
        throw error;
      }
      if (cancelAfterFirstStatus && !isTerminalStatus(task.status)) follow.cancelRequested = true;
    }
  } finally {
    context.state.cancelToolCall = null;
    context.writer.emit({ type: 'tool-call', inFlight: false });
  }
}
