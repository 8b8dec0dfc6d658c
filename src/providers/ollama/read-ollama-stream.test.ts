import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitStreamText } from '../stream-frames.ts';
import type { StreamFrame, StreamView } from '../stream-reader.ts';
import { createOllamaStreamReader } from './read-ollama-stream.ts';
import { readOllamaResponse } from './read-ollama-response.ts';

function readFixture(name: string): StreamFrame[] {
  return splitStreamText({ text: readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'), framing: 'ndjson' });
}

function feedAll(frames: StreamFrame[]) {
  const reader = createOllamaStreamReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { reader, views };
}

describe('createOllamaStreamReader', () => {
  it('takes the documented tool call whole in a done:false line, then ends at done:true', () => {
    const { reader, views } = feedAll(readFixture('ollama-docs-tool-call.ndjson'));
    expect(views[0]!.calls).toEqual([expect.objectContaining({ name: 'get_weather', arrival: 'whole', parsedAtFrame: 0, argumentsText: '{"city":"Tokyo"}' })]);
    expect(views.map((view) => view.ended)).toEqual([false, true]);
    expect(views[1]!.finishReason).toBe('stop');
    const reply = readOllamaResponse({ body: reader.assemble() });
    expect(reply.toolCalls).toEqual([expect.objectContaining({ name: 'get_weather', arguments: { city: 'Tokyo' } })]);
    expect(reply).toMatchObject({ finishReason: 'stop', model: 'llama3.2', text: null });
  });

  it('joins the content of the documented text lines', () => {
    const { reader } = feedAll(readFixture('ollama-docs-text.ndjson'));
    expect(readOllamaResponse({ body: reader.assemble() })).toMatchObject({ text: 'The', toolCalls: [] });
  });

  it('cuts a body into lines however its chunks fall, a last line without a line end included', () => {
    const text = readFileSync(new URL('./__fixtures__/ollama-docs-tool-call.ndjson', import.meta.url), 'utf8').trimEnd();
    const frames = splitStreamText({ text, framing: 'ndjson' });
    expect(frames).toHaveLength(2);
    expect(JSON.parse(frames[1]!.data)).toMatchObject({ done: true });
  });

  it('passes on an error line', () => {
    expect(() => createOllamaStreamReader().feed({ data: '{"error":"model \\"llama9\\" not found"}' })).toThrow(/llama9/);
  });
});
