import type { CallToolResult } from '@modelcontextprotocol/server';
import { isTerminalStatus, type InputRequestEntry, type TaskError, type TaskStatus } from '../../../src/trace/tasks-extension.ts';

/**
 * The tasks of one endpoint, in memory, shared by its per-request server instances (a
 * stateless endpoint answers each POST with a fresh one, so the instance that answers
 * tasks/get is never the one that created the task). Web-standard: it runs in the
 * Service Worker too. A task's work runs in the background, outside any request; what
 * it needs from the client waits here as input requests until an answer comes (in
 * 2026-07-28 by tasks/update, in 2025-11-25 on the tasks/result stream).
 *
 * Bounds: a task lives ttlMs from its creation (then tasks/get knows it no more), and
 * the store holds at most maxTasks; a new task beyond that first drops the oldest that
 * is over, and is refused when none is. A task id is 122 random bits (crypto.randomUUID):
 * the id is what lets a client read the task, since a stateless endpoint cannot tell
 * one client from another (the spec asks for ids no one can guess where tasks cannot be
 * bound to a client).
 */

export type TaskWork = (context: TaskWorkContext) => Promise<CallToolResult>;

/** What the task's work can do besides its own computing. */
export type TaskWorkContext = {
  /** Aborted when the client cancels the task (tasks/cancel): the work should stop. */
  signal: AbortSignal;
  /** Says what the work is doing now (the task's statusMessage), while it stays working. */
  say: (statusMessage: string) => void;
  /** Asks the client (an elicitation, sampling, roots/list): the task is input_required until the answer comes. */
  askClient: (request: InputRequestEntry, statusMessage: string) => Promise<unknown>;
};

/** A failure that is the protocol's, not the tool's: the task ends failed with this JSON-RPC error. */
export class TaskProtocolError extends Error {
  constructor(readonly error: TaskError) {
    super(error.message);
  }
}

export type PendingInput = { key: string; request: InputRequestEntry; delivered: boolean };

/** A task as the store holds it; each era writes its own shape from it (task-wire.ts). */
export type TaskRecord = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number;
  pollIntervalMs: number;
  result?: CallToolResult;
  error?: TaskError;
  /** The input requests not answered yet, in the order they were asked. */
  pending: PendingInput[];
  /** Counts the task's changes: a watcher that saw this version waits for the next. */
  version: number;
};

type LiveTask = TaskRecord & {
  abort: AbortController;
  answers: Map<string, (answer: unknown) => void>;
  watchers: Set<() => void>;
  nextInputNumber: number;
};

export type TaskStoreOptions = { maxTasks?: number; now?: () => number };

export type TaskStore = {
  /** Creates the task (working) and starts its work; undefined when the store is full of tasks still under way. */
  create(options: { ttlMs: number; pollIntervalMs: number; statusMessage: string; work: TaskWork }): TaskRecord | undefined;
  get(taskId: string): TaskRecord | undefined;
  /** Answers input requests by key; keys not asked, or already answered, are ignored. False when there is no such task. */
  answer(taskId: string, responses: Record<string, unknown>): boolean;
  /** The input requests not yet handed to the client (2025-11-25 hands each over once, on the tasks/result stream). */
  takeUndelivered(taskId: string): PendingInput[];
  /** Cancels a task under way (its work is aborted); a task that is over stays as it is. False when there is no such task. */
  cancel(taskId: string, statusMessage: string): boolean;
  /** Resolves when the task has changed since `seenVersion` (at once if it already has), is gone, or the signal aborts. */
  waitForChange(taskId: string, seenVersion: number, signal?: AbortSignal): Promise<void>;
  count(): number;
};

const DEFAULT_MAX_TASKS = 500;

export function createTaskStore(options: TaskStoreOptions = {}): TaskStore {
  const maxTasks = options.maxTasks ?? DEFAULT_MAX_TASKS;
  const now = options.now ?? (() => Date.now());
  const tasks = new Map<string, LiveTask>();

  const purgeExpired = () => {
    const time = now();
    for (const [id, task] of tasks) {
      if (time < task.createdAt + task.ttlMs) continue;
      task.abort.abort();
      tasks.delete(id);
      notify(task);
    }
  };
  const makeRoom = (): boolean => {
    purgeExpired();
    if (tasks.size < maxTasks) return true;
    const oldestOver = [...tasks.values()].find((task) => isTerminalStatus(task.status));
    if (!oldestOver) return false;
    tasks.delete(oldestOver.taskId);
    return true;
  };
  const find = (taskId: string): LiveTask | undefined => {
    purgeExpired();
    return tasks.get(taskId);
  };
  const notify = (task: LiveTask) => {
    const watchers = [...task.watchers];
    task.watchers.clear();
    for (const watcher of watchers) watcher();
  };
  const change = (task: LiveTask, update: Partial<TaskRecord>) => {
    // Once over, a task's state no longer changes: a cancelled task stays cancelled whatever its work did after.
    if (isTerminalStatus(task.status)) return;
    Object.assign(task, update, { lastUpdatedAt: now(), version: task.version + 1 });
    notify(task);
  };

  const run = async (task: LiveTask, work: TaskWork) => {
    const context: TaskWorkContext = {
      signal: task.abort.signal,
      say: (statusMessage) => change(task, { status: task.pending.length > 0 ? 'input_required' : 'working', statusMessage }),
      askClient: (request, statusMessage) =>
        new Promise<unknown>((resolve, reject) => {
          if (task.abort.signal.aborted) return reject(new Error('The task was cancelled.'));
          const key = `ask-${task.nextInputNumber++}`;
          task.answers.set(key, resolve);
          task.abort.signal.addEventListener('abort', () => reject(new Error('The task was cancelled.')), { once: true });
          change(task, { status: 'input_required', statusMessage, pending: [...task.pending, { key, request, delivered: false }] });
        }),
    };
    try {
      const result = await work(context);
      change(task, { status: 'completed', result, statusMessage: task.statusMessage });
    } catch (error) {
      if (task.abort.signal.aborted) return;
      const failure: TaskError = error instanceof TaskProtocolError ? error.error : { code: -32603, message: error instanceof Error ? error.message : String(error) };
      change(task, { status: 'failed', error: failure, statusMessage: failure.message });
    }
  };

  return {
    create({ ttlMs, pollIntervalMs, statusMessage, work }) {
      if (!makeRoom()) return undefined;
      const time = now();
      const task: LiveTask = {
        taskId: crypto.randomUUID(),
        status: 'working',
        statusMessage,
        createdAt: time,
        lastUpdatedAt: time,
        ttlMs,
        pollIntervalMs,
        pending: [],
        version: 0,
        abort: new AbortController(),
        answers: new Map(),
        watchers: new Set(),
        nextInputNumber: 1,
      };
      tasks.set(task.taskId, task);
      // The task is stored before its creation is answered: a tasks/get sent at once finds it.
      queueMicrotask(() => void run(task, work));
      return snapshot(task);
    },
    get(taskId) {
      const task = find(taskId);
      return task && snapshot(task);
    },
    answer(taskId, responses) {
      const task = find(taskId);
      if (!task) return false;
      const answered = task.pending.filter((input) => Object.hasOwn(responses, input.key));
      if (answered.length === 0) return true;
      const pending = task.pending.filter((input) => !answered.includes(input));
      change(task, pending.length > 0 ? { pending } : { pending, status: 'working', statusMessage: 'The answer came: the work goes on.' });
      for (const input of answered) {
        task.answers.get(input.key)?.(responses[input.key]);
        task.answers.delete(input.key);
      }
      return true;
    },
    takeUndelivered(taskId) {
      const task = find(taskId);
      if (!task) return [];
      const undelivered = task.pending.filter((input) => !input.delivered);
      for (const input of undelivered) input.delivered = true;
      return undelivered.map((input) => ({ ...input }));
    },
    cancel(taskId, statusMessage) {
      const task = find(taskId);
      if (!task) return false;
      if (isTerminalStatus(task.status)) return true;
      change(task, { status: 'cancelled', statusMessage, pending: [] });
      task.abort.abort();
      return true;
    },
    waitForChange(taskId, seenVersion, signal) {
      const task = find(taskId);
      if (!task || signal?.aborted || task.version !== seenVersion) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          signal?.removeEventListener('abort', done);
          task.watchers.delete(done);
          resolve();
        };
        task.watchers.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    count: () => tasks.size,
  };
}

function snapshot(task: LiveTask): TaskRecord {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
    ...(task.result ? { result: task.result } : {}),
    ...(task.error ? { error: task.error } : {}),
    pending: task.pending.map((input) => ({ ...input })),
    version: task.version,
  };
}
