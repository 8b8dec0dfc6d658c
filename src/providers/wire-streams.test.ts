import { describe, expect, it } from 'vitest';
import { getWireAdapter, WIRE_IDS } from './wire-adapters.ts';
import { getWireStream } from './wire-streams.ts';

const request = (wire: string) =>
  getWireAdapter(wire)!.buildRequest({
    model: 'mock-model',
    conversation: getWireAdapter(wire)!.startConversation({ question: 'What is 5 plus 7?' }),
    tools: [],
  });

const OPENAI = { baseUrl: 'https://api.openai.com/v1', kind: 'real' as const };

describe('getWireStream', () => {
  it('knows how every wire format streams', () => {
    expect(WIRE_IDS.filter((wire) => !getWireStream(wire))).toEqual([]);
  });

  it.each(['openai-chat', 'openai-functions', 'openai-responses', 'anthropic', 'ollama'])(
    'asks %s for a stream in the body, keeping the rest of the request',
    (wire) => {
      const whole = request(wire);
      const streamed = getWireStream(wire)!.requestStream(whole, OPENAI);
      expect(streamed.body).toMatchObject({ ...whole.body, stream: true });
      expect(streamed.path).toBe(whole.path);
    },
  );

  it.each(['openai-chat', 'openai-functions'])('asks %s for the usage chunk where the format documents it, and nowhere else', (wire) => {
    const usage = (where: { baseUrl: string; kind: 'mock' | 'real' }) =>
      (getWireStream(wire)!.requestStream(request(wire), where).body as { stream_options?: unknown }).stream_options;
    expect(usage(OPENAI)).toEqual({ include_usage: true });
    expect(usage({ baseUrl: 'http://127.0.0.1:3000/mock/openai/v1', kind: 'mock' })).toEqual({ include_usage: true });
    expect(usage({ baseUrl: 'http://127.0.0.1:8080/v1', kind: 'real' })).toBeUndefined();
  });

  it.each(['openai-responses', 'anthropic', 'ollama', 'gemini'])('asks %s for no usage chunk: its stream carries usage without one', (wire) => {
    expect(getWireStream(wire)!.requestStream(request(wire), OPENAI).body).not.toHaveProperty('stream_options');
  });

  it('asks Gemini on its streaming path, as SSE', () => {
    const streamed = getWireStream('gemini')!.requestStream(request('gemini'), OPENAI);
    expect(streamed.path).toBe('/models/mock-model:streamGenerateContent?alt=sse');
    expect(streamed.body).not.toHaveProperty('stream');
  });
});
