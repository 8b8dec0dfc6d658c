import type { CreateTaskResult, Task } from '@modelcontextprotocol/server';
import type { DetailedTask, ModernTask } from '../../../src/trace/index.ts';
import type { TaskRecord } from './task-store.ts';

/**
 * A stored task in each era's spelling. 2025-11-25 (the SDK's own Task type): ttl and
 * pollInterval, the creation wrapped in `{ task }`, the result fetched apart with
 * tasks/result. 2026-07-28 (the extension): ttlMs and pollIntervalMs at the top level
 * of the creation (`resultType: "task"`), and tasks/get carries what the status brings.
 */

function describeTimes(task: TaskRecord): { createdAt: string; lastUpdatedAt: string } {
  return { createdAt: new Date(task.createdAt).toISOString(), lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString() };
}

/** 2025-11-25 counts a tool result with isError as a failed task; 2026-07-28 as completed (failed is for protocol errors there). */
export function readLegacyStatus(task: TaskRecord): TaskRecord['status'] {
  return task.status === 'completed' && task.result?.isError === true ? 'failed' : task.status;
}

export function writeLegacyTask(task: TaskRecord): Task {
  return {
    taskId: task.taskId,
    status: readLegacyStatus(task),
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    ...describeTimes(task),
    ttl: task.ttlMs,
    pollInterval: task.pollIntervalMs,
  };
}

export function writeLegacyCreation(task: TaskRecord): CreateTaskResult {
  return { task: writeLegacyTask(task) };
}

export function writeModernTask(task: TaskRecord): ModernTask {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    ...describeTimes(task),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
}

export function writeModernCreation(task: TaskRecord): ModernTask & { resultType: 'task' } {
  return { resultType: 'task', ...writeModernTask(task) };
}

/** tasks/get in 2026-07-28: the task, and what its status brings (the open input requests, the result, the error). */
export function writeDetailedTask(task: TaskRecord): DetailedTask {
  const base = writeModernTask(task);
  switch (task.status) {
    case 'working':
    case 'cancelled':
      return { ...base, status: task.status };
    case 'input_required':
      return { ...base, status: 'input_required', inputRequests: Object.fromEntries(task.pending.map((input) => [input.key, input.request])) };
    case 'completed':
      return { ...base, status: 'completed', result: task.result ?? { content: [] } };
    case 'failed':
      return { ...base, status: 'failed', error: task.error ?? { code: -32603, message: 'The task failed.' } };
    default: {
      const unexpected: never = task.status;
      throw new Error(`Unknown task status ${String(unexpected)}`);
    }
  }
}
