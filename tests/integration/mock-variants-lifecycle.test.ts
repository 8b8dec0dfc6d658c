import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/trace.ts';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Each variant of the mock model with the real host: the engine, the built-in MCP
 * server and the mock endpoints over HTTP, in all six wire formats. What the host sent
 * back after each mistake is whatever its translations produce; the mock must read it.
 */

const server = useServer();

function runWith(wire: (typeof WIRE_CATALOG)[number], model: string): Promise<Trace> {
  return runMockLifecycle({ serverUrl: server.url, wire: wire.id, era: '2025-11-25', model });
}

function payloadsOf(trace: Trace, id: string): unknown[] {
  return trace.steps.filter((step) => step.id === id).map((step) => step.payload);
}

describe.each(WIRE_CATALOG.map((wire) => [wire.id, wire] as const))('the host with the mock in %s', (_id, wire) => {
  it('mock-model-sloppy: the server rejects "five" in validation, the model calls again, the answer is right', async () => {
    const trace = await runWith(wire, 'mock-model-sloppy');
    expect(trace.status).toBe('complete');
    expect(payloadsOf(trace, 'host.translate-tool-call')).toEqual([
      { name: 'add_numbers', arguments: { a: 'five', b: 7 } },
      { name: 'add_numbers', arguments: { a: 5, b: 7 } },
    ]);
    expect(payloadsOf(trace, 'client.result-to-host')[0]).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('Input validation error') }],
    });
    expect(trace.answer).toBe('5 plus 7 is 12.');
  });

  it('mock-model-inventive: the server answers -32602 for "add", the model calls add_numbers, the answer is right', async () => {
    const trace = await runWith(wire, 'mock-model-inventive');
    expect(trace.status).toBe('complete');
    expect(payloadsOf(trace, 'host.translate-tool-call')).toEqual([
      { name: 'add', arguments: { a: 5, b: 7 } },
      { name: 'add_numbers', arguments: { a: 5, b: 7 } },
    ]);
    expect(payloadsOf(trace, 'client.result-to-host')[0]).toMatchObject({ error: { code: -32602, message: expect.stringContaining('not found') } });
    expect(trace.answer).toBe('5 plus 7 is 12.');
  });

  it('mock-model-broken-json: translation #2 refuses the arguments, no tools/call is sent for them, the answer is right', async () => {
    const trace = await runWith(wire, 'mock-model-broken-json');
    expect(trace.status).toBe('complete');
    const translated = payloadsOf(trace, 'host.translate-tool-call');
    expect(translated).toEqual([{ error: expect.any(String) }, { name: 'add_numbers', arguments: { a: 5, b: 7 } }]);
    expect(payloadsOf(trace, 'client.result-to-host')).toHaveLength(1);
    expect(trace.answer).toBe('5 plus 7 is 12.');
  });

  it('mock-model-relentless: the host stops the loop after 5 tool rounds', async () => {
    const trace = await runWith(wire, 'mock-model-relentless');
    expect(trace.status).toBe('failed');
    expect(payloadsOf(trace, 'host.translate-tool-call')).toHaveLength(5);
    expect(trace.steps.at(-1)).toMatchObject({ id: 'host.fault', payload: { error: expect.stringContaining('after 5 rounds') } });
    expect(trace.answer).toBeNull();
  });
});
