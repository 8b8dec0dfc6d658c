import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RELATED_TASK_META_KEY, TASKS_EXTENSION_ID, isTerminalStatus } from '../../../src/trace/index.ts';
import type { PendingInput, TaskRecord, TaskStore, TaskWork } from './task-store.ts';
import { readLegacyStatus, writeDetailedTask, writeLegacyCreation, writeLegacyTask, writeModernCreation } from './task-wire.ts';

/**
 * Tasks on a low-level SDK Server, in both eras. The SDK 2.4 has no runtime for them in
 * either (it keeps 2025-11-25's shapes for interoperability only, and knows 2026-07-28's
 * extension methods by name): this file serves tasks/get, tasks/result, tasks/update and
 * tasks/cancel over a shared TaskStore, and lets a tools/call answer with a task.
 */

/** 'legacy' is 2025-11-25 (a session or a stateless POST), 'modern' 2026-07-28: the SDK's own names for the two serving paths. */
export type TaskEra = 'legacy' | 'modern';

/** How a tool runs as a task. `required`: only as one; `optional`: as one when the client can take it, else as an ordinary call. */
export type TaskBehaviour = { support: 'required' | 'optional'; pollIntervalMs: number; ttlMs: number };

/**
 * A tools/call that became a task leaves its handler by this throw, carrying the
 * CreateTaskResult: the SDK checks every tools/call result against CallToolResult (it
 * would refuse `{ task }` in 2025-11-25, and pad `resultType: "task"` with content in
 * 2026-07-28), so the answer is given by the layer above that check (TaskServingServer).
 */
export class TaskCreated extends Error {
  constructor(readonly result: Result) {
    super('The call became a task.');
  }
}

/** The SDK's Server, answering a tools/call that became a task with its CreateTaskResult as it is. */
export class TaskServingServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return checked;
    return async (request, context) => {
      try {
        return await checked(request, context);
      } catch (error) {
        if (error instanceof TaskCreated) return error.result;
        throw error;
      }
    };
  }
}

/** Whether a 2026-07-28 request declared the extension in its per-request capabilities. */
function declaresTasks(server: Server): boolean {
  return server.getClientCapabilities()?.extensions?.[TASKS_EXTENSION_ID] !== undefined;
}

const MISSING_TASKS_CAPABILITY = { extensions: { [TASKS_EXTENSION_ID]: {} } };

/**
 * Whether this call of a task tool becomes a task. 2025-11-25: the client asks for one
 * (`params.task`); a tool that needs one, called without, gets -32601 as the spec says.
 * 2026-07-28: the server decides, and may make one only for a request that declared the
 * extension; a tool that needs one, called without it, gets -32021 naming the extension.
 */
export function decideTaskDispatch({
  server,
  era,
  params,
  behaviour,
  name,
}: {
  server: Server;
  era: TaskEra;
  params: Record<string, unknown>;
  behaviour: TaskBehaviour;
  name: string;
}): 'task' | 'call' {
  if (era === 'modern') {
    if (declaresTasks(server)) return 'task';
    if (behaviour.support === 'required') throw new MissingRequiredClientCapabilityError({ requiredCapabilities: MISSING_TASKS_CAPABILITY });
    return 'call';
  }
  if (params.task !== undefined) return 'task';
  if (behaviour.support === 'required')
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `Tool ${name} runs only as a task: call it with params.task (this server declares tasks.requests.tools.call).`,
    );
  return 'call';
}

/** Creates the task and answers the call with it (by TaskCreated); a full store is the server's error. */
export function answerWithTask({
  store,
  era,
  behaviour,
  statusMessage,
  work,
}: {
  store: TaskStore;
  era: TaskEra;
  behaviour: TaskBehaviour;
  statusMessage: string;
  work: TaskWork;
}): never {
  const task = store.create({ ttlMs: behaviour.ttlMs, pollIntervalMs: behaviour.pollIntervalMs, statusMessage, work });
  if (!task)
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'This server is running as many tasks as it keeps at once; try again when one of them is over.');
  throw new TaskCreated(era === 'modern' ? writeModernCreation(task) : writeLegacyCreation(task));
}

/** The capabilities an instance declares for its tasks, in its era's own terms. */
export function describeTaskCapabilities(era: TaskEra): Record<string, unknown> {
  return era === 'modern' ? { extensions: { [TASKS_EXTENSION_ID]: {} } } : { tasks: { cancel: {}, requests: { tools: { call: {} } } } };
}

const TaskIdParams = z.looseObject({ taskId: z.string() });

/** -32602 for a task the store does not hold, worded as the spec's examples are: expired when its ttl ran out, else not found. */
function unknownTask(store: TaskStore, taskId: string): ProtocolError {
  if (store.hasExpired(taskId))
    return new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Failed to retrieve task: Task has expired (${JSON.stringify(taskId)} outlived its ttl, so this server dropped it and its result).`,
    );
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Failed to retrieve task: Task not found (this server holds no task ${JSON.stringify(taskId)}: it never had one by that id, or dropped it long ago).`,
  );
}

function findTask(store: TaskStore, taskId: string): TaskRecord {
  const task = store.get(taskId);
  if (!task) throw unknownTask(store, taskId);
  return task;
}

/** Registers the task methods of the instance's era. */
export function serveTaskMethods(server: Server, store: TaskStore, era: TaskEra): void {
  if (era === 'modern') serveModernTaskMethods(server, store);
  else serveLegacyTaskMethods(server, store);
}

function serveModernTaskMethods(server: Server, store: TaskStore): void {
  const requireExtension = () => {
    if (!declaresTasks(server)) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: MISSING_TASKS_CAPABILITY });
  };
  server.setRequestHandler('tasks/get', { params: TaskIdParams }, async ({ taskId }) => {
    requireExtension();
    return writeDetailedTask(findTask(store, taskId));
  });
  // The SDK lifts inputResponses out of the params (as for a multi round-trip request) into the context.
  server.setRequestHandler('tasks/update', { params: TaskIdParams }, async ({ taskId }, context) => {
    requireExtension();
    if (!store.answer(taskId, context.mcpReq.inputResponses ?? {})) throw unknownTask(store, taskId);
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async ({ taskId }) => {
    requireExtension();
    // Cooperative and idempotent: the answer is an acknowledgement; the next tasks/get says what became of the task.
    if (!store.cancel(taskId, 'The client cancelled the task (tasks/cancel).')) throw unknownTask(store, taskId);
    return {};
  });
}

function serveLegacyTaskMethods(server: Server, store: TaskStore): void {
  server.setRequestHandler('tasks/get', { params: TaskIdParams }, async ({ taskId }) => writeLegacyTask(findTask(store, taskId)));
  server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async ({ taskId }) => {
    const task = findTask(store, taskId);
    if (isTerminalStatus(task.status))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task: already in terminal status '${task.status}'.`);
    store.cancel(taskId, 'The client cancelled the task (tasks/cancel).');
    return writeLegacyTask(findTask(store, taskId));
  });
  server.setRequestHandler('tasks/result', { params: TaskIdParams }, async ({ taskId }, context) => deliverLegacyResult(store, taskId, context));
}

/**
 * tasks/result in 2025-11-25: blocks until the task is over, handing the client on this
 * stream whatever the task asks meanwhile (with the related-task `_meta`), and telling
 * each change of status (notifications/tasks/status, which the spec allows); then the
 * tool's result, or the JSON-RPC error the task failed with.
 */
async function deliverLegacyResult(store: TaskStore, taskId: string, context: ServerContext): Promise<Result> {
  const related = { [RELATED_TASK_META_KEY]: { taskId } };
  let told = findTask(store, taskId);
  for (;;) {
    for (const input of store.takeUndelivered(taskId)) void askOnStream(store, taskId, input, context, related);
    const task = findTask(store, taskId);
    if (readLegacyStatus(task) !== readLegacyStatus(told) || task.statusMessage !== told.statusMessage) {
      await context.mcpReq.notify({ method: 'notifications/tasks/status', params: writeLegacyTask(task) }).catch(() => {});
      told = task;
    }
    if (isTerminalStatus(task.status)) return writeLegacyOutcome(task, related);
    if (context.mcpReq.signal.aborted) throw new ProtocolError(ProtocolErrorCode.InternalError, 'The client stopped waiting for the result.');
    await store.waitForChange(taskId, task.version, context.mcpReq.signal);
  }
}

function writeLegacyOutcome(task: TaskRecord, related: Record<string, unknown>): CallToolResult {
  // A tool error (isError) is a failed task in this era, and tasks/result still returns the result it gave.
  if (task.status === 'completed' && task.result) return { ...task.result, _meta: { ...task.result._meta, ...related } };
  if (task.status === 'failed' && task.error) throw new ProtocolError(task.error.code, task.error.message, task.error.data);
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${task.taskId} was cancelled before it finished: it has no result.`);
}

/** One input request, sent to the client as a request of its own on the tasks/result stream; its answer goes to the task. */
async function askOnStream(store: TaskStore, taskId: string, input: PendingInput, context: ServerContext, related: Record<string, unknown>): Promise<void> {
  const params = { ...input.request.params, _meta: { ...(isObject(input.request.params?._meta) ? input.request.params._meta : {}), ...related } };
  let answer: unknown;
  try {
    if (input.request.method === 'elicitation/create') answer = await context.mcpReq.send({ method: 'elicitation/create', params });
    else if (input.request.method === 'sampling/createMessage') answer = await context.mcpReq.send({ method: 'sampling/createMessage', params });
    else if (input.request.method === 'roots/list') answer = await context.mcpReq.send({ method: 'roots/list', params });
    else answer = { error: `This server cannot send ${input.request.method} to the client.` };
  } catch (error) {
    // The client answered with an error (the user declined a sampling request, say): the task hears it as its answer.
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  store.answer(taskId, { [input.key]: answer });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
