import type { CallToolResult } from '@modelcontextprotocol/server';
import { isTerminalStatus, type InputRequestEntry, type TaskError, type TaskStatus } from '../../../src/trace/index.ts';

/**
 * The tasks of one endpoint, in memory, shared by its per-request server instances (a
 * stateless endpoint answers each POST with a fresh one, so the instance that answers
 * tasks/get is never the one that created the task). Web-standard: it runs in the
 * Service Worker too. A task's work runs in the background, outside any request; what
 * it needs from the client waits here as input requests until an answer comes (in
 * 2026-07-28 by tasks/update, in 2025-11-25 on the tasks/result stream).
 *
 * Bounds: a task lives ttlMs from its creation (then tasks/get knows it no more, but
 * for its id: the store remembers up to maxTasks ids of tasks it dropped for their ttl,
 * so it can say a task has expired rather than that there never was one), and the
 * store holds at most maxTasks; a new task beyond that first drops the oldest that
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
  /** Whether this id was a task the store dropped when its ttl ran out (one of the latest maxTasks so dropped). */
  hasExpired(taskId: string): boolean;
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

/** The store's own state, which the functions below share. */
type Tasks = { live: Map<string, LiveTask>; expired: Set<string>; maxTasks: number; now: () => number };

export function createTaskStore(options: TaskStoreOptions = {}): TaskStore {
  const tasks: Tasks = { live: new Map(), expired: new Set(), maxTasks: options.maxTasks ?? DEFAULT_MAX_TASKS, now: options.now ?? (() => Date.now()) };
  return {
    create({ ttlMs, pollIntervalMs, statusMessage, work }) {
      if (!makeRoom(tasks)) return undefined;
      const time = tasks.now();
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
      tasks.live.set(task.taskId, task);
      // The task is stored before its creation is answered: a tasks/get sent at once finds it.
      queueMicrotask(() => void run(tasks, task, work));
      return snapshot(task);
    },
    get(taskId) {
      const task = find(tasks, taskId);
      return task && snapshot(task);
    },
    hasExpired(taskId) {
      purgeExpired(tasks);
      return tasks.expired.has(taskId);
    },
    answer(taskId, responses) {
      const task = find(tasks, taskId);
      if (!task) return false;
      answerInputs(tasks, task, responses);
      return true;
    },
    takeUndelivered(taskId) {
      const task = find(tasks, taskId);
      if (!task) return [];
      const undelivered = task.pending.filter((input) => !input.delivered);
      for (const input of undelivered) input.delivered = true;
      return undelivered.map((input) => ({ ...input }));
    },
    cancel(taskId, statusMessage) {
      const task = find(tasks, taskId);
      if (!task) return false;
      if (isTerminalStatus(task.status)) return true;
      change(tasks, task, { status: 'cancelled', statusMessage, pending: [] });
      task.abort.abort();
      return true;
    },
    waitForChange(taskId, seenVersion, signal) {
      const task = find(tasks, taskId);
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
    count: () => tasks.live.size,
  };
}

function purgeExpired(tasks: Tasks): void {
  const time = tasks.now();
  for (const [id, task] of tasks.live) {
    if (time < task.createdAt + task.ttlMs) continue;
    task.abort.abort();
    tasks.live.delete(id);
    tasks.expired.add(id);
    // A Set iterates in insertion order: the first id is the one that expired longest ago.
    if (tasks.expired.size > tasks.maxTasks) tasks.expired.delete(tasks.expired.values().next().value ?? id);
    notify(task);
  }
}

function makeRoom(tasks: Tasks): boolean {
  purgeExpired(tasks);
  if (tasks.live.size < tasks.maxTasks) return true;
  const oldestOver = [...tasks.live.values()].find((task) => isTerminalStatus(task.status));
  if (!oldestOver) return false;
  tasks.live.delete(oldestOver.taskId);
  return true;
}

function find(tasks: Tasks, taskId: string): LiveTask | undefined {
  purgeExpired(tasks);
  return tasks.live.get(taskId);
}

function notify(task: LiveTask): void {
  const watchers = [...task.watchers];
  task.watchers.clear();
  for (const watcher of watchers) watcher();
}

function change(tasks: Tasks, task: LiveTask, update: Partial<TaskRecord>): void {
  // Once over, a task's state no longer changes: a cancelled task stays cancelled whatever its work did after.
  if (isTerminalStatus(task.status)) return;
  Object.assign(task, update, { lastUpdatedAt: tasks.now(), version: task.version + 1 });
  notify(task);
}

/** Answers the input requests whose keys the responses name; the others stay pending. */
function answerInputs(tasks: Tasks, task: LiveTask, responses: Record<string, unknown>): void {
  const answered = task.pending.filter((input) => Object.hasOwn(responses, input.key));
  if (answered.length === 0) return;
  const pending = task.pending.filter((input) => !answered.includes(input));
  change(tasks, task, pending.length > 0 ? { pending } : { pending, status: 'working', statusMessage: 'The answer came: the work goes on.' });
  for (const input of answered) {
    task.answers.get(input.key)?.(responses[input.key]);
    task.answers.delete(input.key);
  }
}

async function run(tasks: Tasks, task: LiveTask, work: TaskWork): Promise<void> {
  const context: TaskWorkContext = {
    signal: task.abort.signal,
    say: (statusMessage) => change(tasks, task, { status: task.pending.length > 0 ? 'input_required' : 'working', statusMessage }),
    askClient: (request, statusMessage) =>
      new Promise<unknown>((resolve, reject) => {
        if (task.abort.signal.aborted) return reject(new Error('The task was cancelled.'));
        const key = `ask-${task.nextInputNumber++}`;
        task.answers.set(key, resolve);
        task.abort.signal.addEventListener('abort', () => reject(new Error('The task was cancelled.')), { once: true });
        change(tasks, task, { status: 'input_required', statusMessage, pending: [...task.pending, { key, request, delivered: false }] });
      }),
  };
  try {
    const result = await work(context);
    change(tasks, task, { status: 'completed', result, statusMessage: task.statusMessage });
  } catch (error) {
    if (task.abort.signal.aborted) return;
    const failure: TaskError =
      error instanceof TaskProtocolError ? error.error : { code: -32603, message: error instanceof Error ? error.message : String(error) };
    change(tasks, task, { status: 'failed', error: failure, statusMessage: failure.message });
  }
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
