import { describe, expect, it } from 'vitest';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { TraceSchema, type Step, type Trace } from '../../src/trace/trace.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A whole run with the reply streamed, in every wire format, against the real server:
 * the request asks for the stream, the reply step keeps every frame with its arrival time,
 * its payload is the reply reassembled, and the run ends as the whole-reply run does.
 */

const server = useServer();

const only = (trace: Trace, id: string): Step => {
  const found = trace.steps.filter((step) => step.id === id && step.iteration === 1);
  expect(found, id).toHaveLength(1);
  return found[0]!;
};

describe('a streamed run', () => {
  it.each(WIRE_CATALOG.map((wire) => wire.id))(
    '%s: every frame recorded in order, the reply reassembled, the same answer',
    async (wire) => {
      const [streamed, whole] = [
        await runMockLifecycle({ serverUrl: server.url, wire, stream: true }),
        await runMockLifecycle({ serverUrl: server.url, wire }),
      ];
      expect(streamed.status).toBe('complete');
      expect(streamed.answer).toBe(whole.answer);
      const request = only(streamed, 'provider.request');
      expect(JSON.stringify(request.payload) + request.http!.url).toMatch(wire === 'gemini' ? /streamGenerateContent\?alt=sse/ : /"stream":true/);
      const reply = only(streamed, 'provider.response.tool-calls');
      const frames = reply.http!.sse ?? reply.http!.ndjson!;
      expect(frames.length).toBe(reply.stream!.frames);
      expect(frames.map((frame) => frame.at)).toEqual([...frames.map((frame) => frame.at)].sort((a, b) => a - b));
      expect(reply.stream).toMatchObject({
        framing: wire === 'ollama' ? 'ndjson' : 'sse',
        ended: true,
        calls: [expect.objectContaining({ name: 'add_numbers', argumentsText: '{"a":5,"b":7}' })],
      });
      expect(reply.stream!.calls[0]!.parsedAtFrame).not.toBeNull();
      // The payload is the reply put back together: what translation #2 reads, as in the whole run.
      expect(only(streamed, 'host.translate-tool-call').payload).toEqual(only(whole, 'host.translate-tool-call').payload);
      expect(only(streamed, 'provider.response.answer').stream?.text).toBe(streamed.answer);
      // The request step shows the same exchange as it arrived, frames included.
      expect(request.http!.sse ?? request.http!.ndjson).toEqual(frames);
      expect(() => TraceSchema.parse(JSON.parse(JSON.stringify(streamed)))).not.toThrow();
    },
    30_000,
  );

  it('shows the contrast: pieces that parse only at the last for OpenAI and Anthropic, a whole call for Gemini and Ollama', async () => {
    const calls = async (wire: string) =>
      only(await runMockLifecycle({ serverUrl: server.url, wire, stream: true }), 'provider.response.tool-calls').stream!.calls[0]!;
    const anthropic = await calls('anthropic');
    expect(anthropic).toMatchObject({ arrival: 'fragments' });
    expect(anthropic.fragments).toBeGreaterThan(2);
    expect(anthropic.parsedAtFrame!).toBeGreaterThan(anthropic.firstFrame + 2);
    const ollama = await calls('ollama');
    expect(ollama).toMatchObject({ arrival: 'whole', fragments: 1, parsedAtFrame: ollama.firstFrame });
  }, 30_000);

  it('npm run trace -- --stream prints how each streamed reply was read', async () => {
    const result = await runTraceCli(['What is 5 plus 7?', '--stream', '--wire', 'anthropic']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\(SSE, \d+ frames\)/);
    expect(result.stdout).toMatch(/streamed: \d+ frames; add_numbers came in \d+ pieces, parsed after frame \d+; reassembled below/);
    expect(result.stdout).toContain('Answer: 5 plus 7 is 12.');
    const both = await runTraceCli(['--stream', '--whole']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  }, 70_000);
});
