import { z } from 'zod';

/**
 * The words both halves share about tasks, in each era's own spelling. In 2025-11-25
 * tasks are an experimental part of the protocol (the `tasks` capability, `params.task`
 * on tools/call, `{ task }` back, then tasks/get, tasks/result, tasks/cancel); the SDK
 * exports those shapes (`specTypeSchemas.CreateTaskResult`, `GetTaskResult`, …). In
 * 2026-07-28 they are the extension `io.modelcontextprotocol/tasks` (SEP-2663): the
 * server decides, a tools/call answers `resultType: "task"` with the task's fields at
 * the top, tasks/get carries the result, the error or the `inputRequests` itself, and
 * the client answers those with tasks/update. The SDK 2.4 has no schema for that era's
 * shapes, so they are written here from the extension's own schema.ts
 * (github.com/modelcontextprotocol/ext-tasks, schema/draft/schema.ts).
 */

export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** The `_meta` key a 2025-11-25 message related to a task carries (the SDK's RELATED_TASK_META_KEY). */
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TaskStatusSchema = z.enum(TASK_STATUSES);

/** completed, failed and cancelled: the task's state no longer changes. */
export function isTerminalStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

const isoTimestamp = z.string().min(1);
const wholeMilliseconds = z.number().int().nonnegative();

/** A 2026-07-28 Task: ttlMs and pollIntervalMs, where 2025-11-25 said ttl and pollInterval. */
export const ModernTaskSchema = z.looseObject({
  taskId: z.string().min(1),
  status: TaskStatusSchema,
  statusMessage: z.string().optional(),
  createdAt: isoTimestamp,
  lastUpdatedAt: isoTimestamp,
  ttlMs: z.union([wholeMilliseconds, z.null()]),
  pollIntervalMs: wholeMilliseconds.optional(),
});
export type ModernTask = z.infer<typeof ModernTaskSchema>;

/** A tools/call answered with a task: `resultType: "task"`, the task's fields at the top (no `task` wrapper). */
export const ModernCreateTaskResultSchema = ModernTaskSchema.extend({ resultType: z.literal('task') });

/** One server-to-client request inside `inputRequests`, keyed by the server's own id. */
export const InputRequestEntrySchema = z.looseObject({ method: z.string().min(1), params: z.looseObject({}).optional() });
export const InputRequestsSchema = z.record(z.string().min(1), InputRequestEntrySchema);
export type InputRequestEntry = z.infer<typeof InputRequestEntrySchema>;

/** The JSON-RPC error a failed task carries. */
export const TaskErrorSchema = z.looseObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });
export type TaskError = z.infer<typeof TaskErrorSchema>;

/** tasks/get's answer (DetailedTask): what each status brings along. */
export const DetailedTaskSchema = z.discriminatedUnion('status', [
  ModernTaskSchema.extend({ status: z.literal('working') }),
  ModernTaskSchema.extend({ status: z.literal('input_required'), inputRequests: InputRequestsSchema }),
  ModernTaskSchema.extend({ status: z.literal('completed'), result: z.looseObject({}) }),
  ModernTaskSchema.extend({ status: z.literal('failed'), error: TaskErrorSchema }),
  ModernTaskSchema.extend({ status: z.literal('cancelled') }),
]);
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

/** The empty acknowledgement tasks/update and tasks/cancel answer with in 2026-07-28. */
export const TaskAckSchema = z.looseObject({});

/** The `io.modelcontextprotocol/clientCapabilities` a request declares the extension with. */
export const TASKS_CLIENT_CAPABILITY = { extensions: { [TASKS_EXTENSION_ID]: {} } } as const;
