import { describe, expect, it } from 'vitest';
import { getWireAdapter, WIRE_IDS } from './wire-adapters.ts';
import { getWireStream } from './wire-streams.ts';

const request = (wire: string) =>
  getWireAdapter(wire)!.buildRequest({ model: 'mock-model', conversation: getWireAdapter(wire)!.startConversation({ question: 'What is 5 plus 7?' }), tools: [] });

describe('getWireStream', () => {
  it('knows how every wire format streams', () => {
    expect(WIRE_IDS.filter((wire) => !getWireStream(wire))).toEqual([]);
  });

  it.each(['openai-chat', 'openai-functions', 'openai-responses', 'anthropic', 'ollama'])('asks %s for a stream in the body, keeping the rest of the request', (wire) => {
    const whole = request(wire);
    const streamed = getWireStream(wire)!.requestStream(whole);
    expect(streamed.body).toMatchObject({ ...whole.body, stream: true });
    expect(streamed.path).toBe(whole.path);
  });

  it('asks Chat Completions for the usage chunk', () => {
    expect(getWireStream('openai-chat')!.requestStream(request('openai-chat')).body).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('asks Gemini on its streaming path, as SSE', () => {
    const streamed = getWireStream('gemini')!.requestStream(request('gemini'));
    expect(streamed.path).toBe('/models/mock-model:streamGenerateContent?alt=sse');
    expect(streamed.body).not.toHaveProperty('stream');
  });
});
