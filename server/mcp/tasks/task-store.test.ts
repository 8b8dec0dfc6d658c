import { describe, expect, it } from 'vitest';
import { createTaskStore, TaskProtocolError, type TaskWorkContext } from './task-store.ts';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A task whose work the test drives by hand: each step resolves when the test says. */
function startControlled(store: ReturnType<typeof createTaskStore>) {
  let context!: TaskWorkContext;
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const task = store.create({
    ttlMs: 60_000,
    pollIntervalMs: 100,
    statusMessage: 'started',
    work: (given) => {
      context = given;
      return new Promise((resolve, reject) => {
        finish = (value) => resolve(text(value));
        fail = reject;
      });
    },
  });
  if (!task) throw new Error('the store refused the task');
  return { task, context: () => context, finish: (value: string) => finish(value), fail: (error: Error) => fail(error) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the task store', () => {
  it('stores a task before its work starts, then holds what the work says, asks and returns', async () => {
    const store = createTaskStore();
    const controlled = startControlled(store);
    expect(store.get(controlled.task.taskId)).toMatchObject({ status: 'working', statusMessage: 'started', ttlMs: 60_000, pollIntervalMs: 100 });
    await tick();
    controlled.context().say('Counted 1.');
    expect(store.get(controlled.task.taskId)?.statusMessage).toBe('Counted 1.');

    const asked = controlled.context().askClient({ method: 'elicitation/create', params: { message: 'Go on?' } }, 'waiting');
    expect(store.get(controlled.task.taskId)).toMatchObject({
      status: 'input_required',
      pending: [{ key: 'ask-1', request: { method: 'elicitation/create' } }],
    });
    expect(store.takeUndelivered(controlled.task.taskId).map((input) => input.key)).toEqual(['ask-1']);
    expect(store.takeUndelivered(controlled.task.taskId)).toEqual([]); // handed over once

    store.answer(controlled.task.taskId, { 'ask-9': { action: 'decline' } }); // a key never asked is ignored
    expect(store.get(controlled.task.taskId)?.status).toBe('input_required');
    store.answer(controlled.task.taskId, { 'ask-1': { action: 'accept' } });
    await expect(asked).resolves.toEqual({ action: 'accept' });
    expect(store.get(controlled.task.taskId)).toMatchObject({ status: 'working', pending: [] });

    controlled.finish('done');
    await tick();
    expect(store.get(controlled.task.taskId)).toMatchObject({ status: 'completed', result: text('done') });
  });

  it('keeps a cancelled task cancelled whatever its work does after, and aborts the work', async () => {
    const store = createTaskStore();
    const controlled = startControlled(store);
    await tick();
    expect(store.cancel(controlled.task.taskId, 'the client cancelled')).toBe(true);
    expect(controlled.context().signal.aborted).toBe(true);
    controlled.finish('too late');
    await tick();
    expect(store.get(controlled.task.taskId)).toMatchObject({ status: 'cancelled', statusMessage: 'the client cancelled' });
    expect(store.get(controlled.task.taskId)?.result).toBeUndefined();
    expect(store.cancel('no-such-task', 'x')).toBe(false);
  });

  it('fails a task with the protocol error its work raised, or -32603 for any other', async () => {
    const store = createTaskStore();
    const first = startControlled(store);
    const second = startControlled(store);
    await tick();
    first.fail(new TaskProtocolError({ code: -32602, message: 'bad' }));
    second.fail(new Error('broke'));
    await tick();
    expect(store.get(first.task.taskId)).toMatchObject({ status: 'failed', error: { code: -32602, message: 'bad' } });
    expect(store.get(second.task.taskId)).toMatchObject({ status: 'failed', error: { code: -32603, message: 'broke' } });
  });

  it('wakes a watcher for a change that came before it started waiting (no lost wake-up)', async () => {
    const store = createTaskStore();
    const controlled = startControlled(store);
    await tick();
    const seen = store.get(controlled.task.taskId)!.version;
    controlled.finish('done');
    await tick();
    let woke = false;
    await Promise.race([store.waitForChange(controlled.task.taskId, seen).then(() => (woke = true)), new Promise((resolve) => setTimeout(resolve, 200))]);
    expect(woke).toBe(true);
  });

  it('forgets a task after its ttl, and refuses a new one when it is full of tasks under way', async () => {
    let time = 1_000;
    const store = createTaskStore({ maxTasks: 2, now: () => time });
    const first = startControlled(store);
    startControlled(store);
    expect(store.create({ ttlMs: 60_000, pollIntervalMs: 100, statusMessage: 'x', work: async () => text('x') })).toBeUndefined();
    time += 60_000;
    expect(store.get(first.task.taskId)).toBeUndefined();
    expect(store.count()).toBe(0);
    expect(startControlled(store).task.taskId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('remembers the ids of tasks it dropped for their ttl (up to maxTasks of them), and no others', () => {
    let time = 1_000;
    const store = createTaskStore({ maxTasks: 2, now: () => time });
    const ids = [startControlled(store), startControlled(store)].map((controlled) => controlled.task.taskId);
    expect(ids.map((id) => store.hasExpired(id))).toEqual([false, false]);
    time += 60_000;
    expect(ids.map((id) => store.hasExpired(id))).toEqual([true, true]);
    expect(store.hasExpired('no-such-task')).toBe(false);
    const third = startControlled(store).task.taskId;
    time += 60_000;
    // The third expired too: the oldest remembered id makes way for it.
    expect([...ids, third].map((id) => store.hasExpired(id))).toEqual([false, true, true]);
  });

  it('makes room by dropping the oldest task that is over', async () => {
    const store = createTaskStore({ maxTasks: 1 });
    const first = startControlled(store);
    await tick();
    first.finish('done');
    await tick();
    const second = startControlled(store);
    expect(store.get(first.task.taskId)).toBeUndefined();
    expect(store.get(second.task.taskId)?.status).toBe('working');
  });
});
