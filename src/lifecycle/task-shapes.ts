import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { McpTool } from '../providers/index.ts';
import { DetailedTaskSchema, ModernCreateTaskResultSchema, type InputRequestEntry, type TaskError, type TaskStatus } from '../trace/index.ts';
import type { Era } from '../trace/index.ts';
import type { McpConnection } from './mcp-connection.ts';

/**
 * A task as the host follows it, read from either era's answers with that era's schema:
 * 2025-11-25's with the SDK's own (`specTypeSchemas.Task`, `CreateTaskResult`), 2026-07-28's
 * with the extension's (src/trace/tasks-extension.ts), which the SDK 2.4 does not have.
 */
export type FollowedTask = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** What the server asked the client to wait between polls (pollInterval, pollIntervalMs). */
  pollIntervalMs: number | undefined;
  /** How long the server keeps the task from its creation (ttl, ttlMs); null is no limit. */
  ttlMs?: number | null;
  /** 2026-07-28: what an input_required task asks, by the server's keys. */
  inputRequests?: Record<string, InputRequestEntry>;
  /** 2026-07-28: a completed task's result, or a failed one's error, carried by tasks/get. */
  result?: unknown;
  error?: TaskError;
};

/** A 2025-11-25 Task (a CreateTaskResult's `task`, a tasks/get or tasks/cancel answer). */
export function readLegacyTask(value: unknown): FollowedTask | undefined {
  const checked = specTypeSchemas.Task['~standard'].validate(value);
  if ('issues' in checked && checked.issues) return undefined;
  const task = checked.value;
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    pollIntervalMs: task.pollInterval,
    ttlMs: task.ttl,
  };
}

/** A 2025-11-25 tools/call answer that is a task: `{ task }`. */
export function readLegacyCreation(value: unknown): FollowedTask | undefined {
  const checked = specTypeSchemas.CreateTaskResult['~standard'].validate(value);
  return 'issues' in checked && checked.issues ? undefined : readLegacyTask(checked.value.task);
}

/** A 2026-07-28 tools/call answer that is a task: `resultType: "task"`, the task's fields at the top. */
export function readModernCreation(value: unknown): FollowedTask | undefined {
  const parsed = ModernCreateTaskResultSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const task = parsed.data;
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    pollIntervalMs: task.pollIntervalMs,
    ttlMs: task.ttlMs,
  };
}

/** A 2026-07-28 tasks/get answer: the task, with what its status brings. */
export function readDetailedTask(value: unknown): FollowedTask | undefined {
  const parsed = DetailedTaskSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const task = parsed.data;
  const base = {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    pollIntervalMs: task.pollIntervalMs,
    ttlMs: task.ttlMs,
  };
  switch (task.status) {
    case 'working':
    case 'cancelled':
      return base;
    case 'input_required':
      return { ...base, inputRequests: task.inputRequests };
    case 'completed':
      return { ...base, result: task.result };
    case 'failed':
      return { ...base, error: task.error };
    default: {
      const unexpected: never = task;
      return unexpected;
    }
  }
}

/**
 * Whether the host asks for this call to be a task, which only 2025-11-25 leaves to the
 * client: the server declares task-augmented tools/call, and the tool says it may run as
 * one (taskSupport required or optional; the host takes the task when it is offered). In
 * 2026-07-28 the server decides, for a request that declared the extension (every one the
 * host sends does).
 */
export function asksForTask({ connection, tool }: { connection: McpConnection; tool: McpTool | undefined }): boolean {
  if (connection.era !== '2025-11-25') return false;
  const taskSupport = tool?.execution?.taskSupport;
  return connection.serverCapabilities?.tasks?.requests?.tools?.call !== undefined && (taskSupport === 'required' || taskSupport === 'optional');
}

/** The words for the poll interval a server asks, in its era's field name. */
export function describePollField(era: Era): string {
  return era === '2025-11-25' ? 'pollInterval' : 'pollIntervalMs';
}
