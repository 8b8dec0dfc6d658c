import { describe, expect, it } from 'vitest';
import { HostFault, RunAborted } from './faults.ts';
import { waitForServer } from './wait-for-server.ts';

describe('waitForServer', () => {
  it('goes on at once when there is nothing to wait for, and once the server is ready', async () => {
    await expect(waitForServer({ ready: undefined, signal: new AbortController().signal })).resolves.toBeUndefined();
    await expect(waitForServer({ ready: Promise.resolve(), signal: new AbortController().signal })).resolves.toBeUndefined();
  });

  it('explains a server that could not start, with the browser’s own words and what to do', async () => {
    const failure = waitForServer({
      ready: Promise.reject(new Error('The user denied permission to use Service Worker.')),
      signal: new AbortController().signal,
    });
    const fault = await failure.then(
      () => null,
      (error: unknown) => error,
    );
    if (!(fault instanceof HostFault)) throw new Error(`expected a HostFault, got ${String(fault)}`);
    expect(fault.fault.why).toContain('The user denied permission to use Service Worker.');
    expect(fault.fault.fix).toMatch(/Reload the page/);
    expect(fault.phase).toBe('discovery');
  });

  it('ends with the run when it is stopped while waiting, before or during the wait', async () => {
    const never = new Promise<void>(() => {});
    const stopped = new AbortController();
    stopped.abort();
    await expect(waitForServer({ ready: never, signal: stopped.signal })).rejects.toBeInstanceOf(RunAborted);
    const later = new AbortController();
    const waiting = waitForServer({ ready: never, signal: later.signal });
    later.abort();
    await expect(waiting).rejects.toBeInstanceOf(RunAborted);
  });
});
