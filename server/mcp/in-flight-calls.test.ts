import { describe, expect, it } from 'vitest';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { createInFlightCalls } from './in-flight-calls.ts';

/** A connected server instance, and whether it has been closed. */
async function startInstance() {
  const server = new Server({ name: 'in-flight-test', version: '1.0.0' }, { capabilities: {} });
  const [serverSide] = InMemoryTransport.createLinkedPair();
  const instance = { server, closed: false };
  server.onclose = () => void (instance.closed = true);
  await server.connect(serverSide);
  return instance;
}

describe('createInFlightCalls', () => {
  it('closes the one instance that runs the id a cancel names, and forgets a call once it has finished', async () => {
    const calls = createInFlightCalls();
    const [running, other] = [await startInstance(), await startInstance()];
    calls.track(3, running.server);
    const finished = calls.track(4, other.server);
    expect(calls.count()).toBe(2);
    finished();
    finished(); // twice is harmless
    expect(calls.cancel(4)).toBe('unknown');
    expect(calls.cancel(3)).toBe('cancelled');
    await expect.poll(() => running.closed).toBe(true);
    expect(other.closed).toBe(false);
  });

  it('tells the id 1 from "1", as JSON-RPC does', async () => {
    const calls = createInFlightCalls();
    const instance = await startInstance();
    calls.track('1', instance.server);
    expect(calls.cancel(1)).toBe('unknown');
    expect(instance.closed).toBe(false);
  });

  it('ignores an id two instances run at once: it cannot tell whose call the cancel meant', async () => {
    const calls = createInFlightCalls();
    const [first, second] = [await startInstance(), await startInstance()];
    calls.track(2, first.server);
    const secondFinished = calls.track(2, second.server);
    expect(calls.cancel(2)).toBe('ambiguous');
    expect([first.closed, second.closed]).toEqual([false, false]);
    secondFinished();
    expect(calls.cancel(2)).toBe('cancelled');
  });

  it('does not close an instance that runs other calls of the same batch', async () => {
    const calls = createInFlightCalls();
    const instance = await startInstance();
    calls.track(1, instance.server);
    calls.track(2, instance.server);
    expect(calls.cancel(1)).toBe('shares-its-instance');
    expect(instance.closed).toBe(false);
  });
});
