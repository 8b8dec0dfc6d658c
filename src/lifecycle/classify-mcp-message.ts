import { isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { readServerStage, type ServerStage, BridgeFrameSchema, BRIDGE_SSE_EVENT, type BridgeFrame, TaskStatusSchema, type TaskStatus } from '../trace/index.ts';
import type { StepId } from '../trace/index.ts';

/**
 * Which step a piece of MCP traffic is, from the message and its HTTP exchange alone: no
 * state, no wording. The traffic recorder asks; the step table says what each step is.
 */

const REQUEST_STEP_BY_METHOD: Partial<Record<string, StepId>> = {
  initialize: 'mcp.initialize.request',
  'notifications/initialized': 'mcp.initialized.notification',
  'server/discover': 'mcp.discover.request',
  'tools/list': 'mcp.tools-list.request',
  'tools/call': 'mcp.tools-call.request',
  'prompts/list': 'mcp.prompts-list.request',
  'prompts/get': 'mcp.prompts-get.request',
  'resources/list': 'mcp.resources-list.request',
  'resources/read': 'mcp.resources-read.request',
  'tasks/get': 'mcp.tasks-get.request',
  'tasks/result': 'mcp.tasks-result.request',
  'tasks/update': 'mcp.tasks-update.request',
  'tasks/cancel': 'mcp.tasks-cancel.request',
  'subscriptions/listen': 'mcp.subscriptions-listen.request',
};

const RESPONSE_STEP_BY_REQUEST_STEP: Partial<Record<StepId, StepId>> = {
  'mcp.initialize.request': 'mcp.initialize.response',
  'mcp.discover.request': 'mcp.discover.response',
  'mcp.tools-list.request': 'mcp.tools-list.response',
  'mcp.tools-call.request': 'mcp.tools-call.response',
  'mcp.request': 'mcp.response',
  'mcp.prompts-list.request': 'mcp.prompts-list.response',
  'mcp.prompts-get.request': 'mcp.prompts-get.response',
  'mcp.resources-list.request': 'mcp.resources-list.response',
  'mcp.resources-read.request': 'mcp.resources-read.response',
  'mcp.tasks-result.request': 'mcp.tasks-result.response',
  'mcp.tasks-update.request': 'mcp.tasks-update.response',
  'mcp.tasks-cancel.request': 'mcp.tasks-cancel.response',
};

const TASK_STATUS_STEPS: Record<TaskStatus, StepId> = {
  working: 'mcp.task.working',
  input_required: 'mcp.task.input-required',
  completed: 'mcp.task.completed',
  failed: 'mcp.task.failed',
  cancelled: 'mcp.task.cancelled',
};

/** The notifications that tell a task's status: 2025-11-25's notifications/tasks/status, the extension's notifications/tasks. */
const TASK_STATUS_NOTIFICATIONS = new Set(['notifications/tasks/status', 'notifications/tasks']);

/** The step of a message that states a task's status (a Task, in either era's spelling), by that status. */
function findTaskStatusStep(value: unknown): StepId | undefined {
  if (typeof value !== 'object' || value === null || !('status' in value) || !('taskId' in value)) return undefined;
  const status = TaskStatusSchema.safeParse(value.status);
  return status.success ? TASK_STATUS_STEPS[status.data] : undefined;
}

/** A tools/call answered with a task: 2026-07-28's resultType "task", or 2025-11-25's { task } (no content). */
function isTaskCreation(result: Record<string, unknown>): boolean {
  if (result.resultType === 'task') return true;
  return typeof result.task === 'object' && result.task !== null && !('content' in result);
}

const STAGE_STEPS: Record<ServerStage, StepId> = {
  'registry-read': 'server.registry-read',
  'registry-lookup': 'server.registry-lookup',
  'validate-arguments': 'server.validate-arguments',
  execute: 'server.execute',
};

/**
 * A received value as a JSON-RPC message, by the SDK's own schemas; anything else is not
 * one (the SDK client rejects it too). The value is kept as it came, not re-built.
 * Only the schemas the value can match are tried: a request and a notification need a
 * method, and the SDK's schemas are strict, so a response with a method key fails them
 * anyway. A failed zod parse builds its issues, which cost more than the parse that
 * passes (every response used to fail two before its own). For the same reason a message
 * without an id is tried as a notification first: a request needs one, and progress
 * notifications are most of what a tools/call stream carries.
 */
export function readJsonRpcMessage(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('method' in value && 'id' in value && (isJSONRPCRequest(value) || isJSONRPCNotification(value))) return value;
  if ('method' in value && !('id' in value) && (isJSONRPCNotification(value) || isJSONRPCRequest(value))) return value;
  if ('result' in value && isJSONRPCResultResponse(value)) return value;
  if ('error' in value && isJSONRPCErrorResponse(value)) return value;
  return undefined;
}

/** A JSON body as a value, or undefined when there is none or it is not JSON. */
export function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What the client sends: a GET opens the server's stream (or, with Last-Event-ID, resumes a
 * cut one), a DELETE ends the session, a POST carries a message.
 */
export function classifyOutgoing({
  httpMethod,
  message,
  lastEventId,
}: {
  httpMethod: string;
  message: JSONRPCMessage | undefined;
  lastEventId?: string | undefined;
}): StepId {
  if (httpMethod === 'GET') return lastEventId === undefined ? 'mcp.stream.open' : 'mcp.stream.resume';
  if (httpMethod === 'DELETE') return 'mcp.session.delete';
  const method = message && 'method' in message ? message.method : undefined;
  if (message && !('method' in message)) return 'mcp.server-request.answer';
  return (method && REQUEST_STEP_BY_METHOD[method]) || 'mcp.request';
}

/**
 * What the server sends: progress (a stage of the built-in server when it names one), any
 * other notification or request of its own, or the answer to one of the client's requests
 * (`answers` is the step of that request). An answer without an id answers nothing: undefined.
 */
export function classifyIncoming({ message, answers }: { message: JSONRPCMessage; answers: StepId | undefined }): StepId | undefined {
  if ('method' in message) {
    if (message.method === 'notifications/tools/list_changed') return 'mcp.tools-list-changed.notification';
    if (message.method === 'notifications/subscriptions/acknowledged') return 'mcp.subscriptions.acknowledged';
    if (TASK_STATUS_NOTIFICATIONS.has(message.method) && !('id' in message)) return findTaskStatusStep(message.params) ?? 'mcp.notification';
    // A request of the server's own (sampling, elicitation) has an id; a notification has none.
    if ('id' in message && message.id !== undefined) return 'mcp.server-request';
    if (message.method !== 'notifications/progress') return 'mcp.notification';
    const stage = readServerStage(message.params?._meta);
    return stage ? STAGE_STEPS[stage] : 'server.progress';
  }
  if (message.id === undefined) return undefined;
  // 2026-07-28: the call is not answered yet; the server wants the client's input first.
  if ('result' in message && message.result.resultType === 'input_required') return 'mcp.input-required';
  if ('result' in message && answers === 'mcp.tools-call.request' && isTaskCreation(message.result)) return 'mcp.task.created';
  // A task's state (tasks/get, and 2025-11-25's tasks/cancel, answer with one): its status names the step.
  if ('result' in message && (answers === 'mcp.tasks-get.request' || answers === 'mcp.tasks-cancel.request')) {
    const statusStep = findTaskStatusStep(message.result);
    if (statusStep) return statusStep;
  }
  return RESPONSE_STEP_BY_REQUEST_STEP[answers ?? 'mcp.request'] ?? 'mcp.response';
}

export type HttpAnswer = 'session-expired' | 'stream-status' | 'messages';

/**
 * What an HTTP answer is before its body is read. A 404 to a request that carried a
 * session id means the server forgot the session (the host starts a new one); a GET or a
 * DELETE has only a status to tell; a POST's answer carries JSON-RPC messages.
 */
export function classifyHttpAnswer({
  httpMethod,
  status,
  sentSessionId,
}: {
  httpMethod: string;
  status: number | undefined;
  sentSessionId: boolean;
}): HttpAnswer {
  if (status === 404 && sentSessionId) return 'session-expired';
  return httpMethod === 'POST' ? 'messages' : 'stream-status';
}

/**
 * Only an event stream that ends without the result is a broken answer; a refused
 * connection, an HTTP error or a body that is not JSON-RPC reaches the SDK as an error of
 * its own, which the host explains better. So is a POST the host closed before any answer
 * came (`closedUnanswered`: a cancelled call to a server that answers in JSON, which holds
 * the POST until a result that never comes).
 */
export function isBrokenAnswer({
  httpMethod,
  eventStream,
  answered,
  closedUnanswered = false,
}: {
  httpMethod: string;
  eventStream: boolean;
  answered: boolean;
  closedUnanswered?: boolean;
}): boolean {
  return !answered && httpMethod === 'POST' && (eventStream || closedUnanswered);
}

const BRIDGE_STEPS: Record<BridgeFrame['kind'], StepId> = {
  stdin: 'bridge.stdio.write',
  stdout: 'bridge.stdio.read',
  stderr: 'bridge.stderr',
  exit: 'bridge.exit',
};

/**
 * An SSE event the app's stdio bridge added beside the MCP messages (`event: bridge`): a
 * line it wrote to the process, read from it, or the process's stderr or exit. Undefined
 * for any other event, or one whose data is not a bridge frame.
 */
export function classifyBridgeEvent({ event, data }: { event?: string | undefined; data: string }): { stepId: StepId; frame: BridgeFrame } | undefined {
  if (event !== BRIDGE_SSE_EVENT) return undefined;
  const parsed = BridgeFrameSchema.safeParse(parseJsonBody(data));
  return parsed.success ? { stepId: BRIDGE_STEPS[parsed.data.kind], frame: parsed.data } : undefined;
}

/**
 * The id of the last event of a broken answer stream, when its events had ids: the SDK
 * client then reconnects with GET and Last-Event-ID by itself (the transport spec's
 * resumability), so the host waits for that instead of failing. Undefined when nothing
 * can be resumed (no ids, or the recorder itself stopped the stream).
 */
export function findResumableEventId({
  frames,
  stopped,
}: {
  frames: readonly { id?: string | undefined }[] | undefined;
  stopped: boolean;
}): string | undefined {
  if (stopped || !frames) return undefined;
  for (let index = frames.length - 1; index >= 0; index--) {
    const id = frames[index]!.id;
    if (id !== undefined && id !== '') return id;
  }
  return undefined;
}
