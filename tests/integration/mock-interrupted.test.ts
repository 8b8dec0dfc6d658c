import { describe, expect, it } from 'vitest';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { getWireStream } from '../../src/providers/wire-streams.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The interrupted habit of the mock model, over real HTTP in every wire format: its first
 * reply breaks off halfway, streamed before the format's end and whole in the middle of
 * its JSON. The host ends the run interrupted and runs no tool, whatever of the call came.
 */

const app = useServer();

describe('mock-model-interrupted', () => {
  it.each(
    WIRE_CATALOG.flatMap(
      (wire) =>
        [
          [wire.id, 'streamed'],
          [wire.id, 'whole'],
        ] as const,
    ),
  )(
    '%s, %s: the run ends interrupted, no tool called, naming the missing end',
    async (wire, mode) => {
      const trace = await runMockLifecycle({ serverUrl: app.url, wire, model: 'mock-model-interrupted', stream: mode === 'streamed' });
      expect(trace.status).toBe('interrupted');
      expect(trace.answer).toBeNull();
      expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request')).toHaveLength(0);
      const stopped = trace.steps.at(-1)!;
      const reply = trace.steps.at(-2)!;
      expect(reply.note).toContain('it meant to call add_numbers(5, 7)');
      if (mode === 'whole') {
        expect(stopped.payload).toMatchObject({ cause: 'body-cut', arrived: { bytes: reply.http!.responseBody!.length } });
        expect(() => JSON.parse(reply.http!.responseBody!)).toThrow();
        return;
      }
      expect(stopped.payload).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: getWireStream(wire)!.end } });
      expect(reply.stream).toMatchObject({ ended: false, calls: [expect.objectContaining({ name: 'add_numbers' })] });
      // In pieces the arguments stop mid-JSON; a format that sends a call whole sends it whole, and the reply still never ends.
      const call = reply.stream!.calls[0]!;
      expect(call.parsedAtFrame === null).toBe(getWireStream(wire)!.arrival === 'fragments');
    },
    30_000,
  );
});
