import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../trace/trace.ts';
import { readTokenUsage } from './read-token-usage.ts';

const exchange = (parts: Partial<HttpExchange>): HttpExchange => ({
  method: 'POST',
  url: 'https://example.test/v1',
  requestHeaders: {},
  status: 200,
  ...parts,
});

describe('readTokenUsage', () => {
  it.each([
    ['OpenAI Chat', { usage: { prompt_tokens: 86, completion_tokens: 47, total_tokens: 133 } }],
    ['OpenAI Responses and Anthropic', { usage: { input_tokens: 86, output_tokens: 47 } }],
    ['Gemini', { usageMetadata: { promptTokenCount: 86, candidatesTokenCount: 47, totalTokenCount: 133 } }],
    ['Ollama', { model: 'llama', prompt_eval_count: 86, eval_count: 47 }],
  ])('reads the counts of a whole %s reply', (_wire, body) => {
    expect(readTokenUsage({ http: exchange({ responseBody: JSON.stringify(body) }) })).toEqual({ inputTokens: 86, outputTokens: 47 });
  });

  it('takes the last count of a stream: Anthropic sends the final output count in its last delta', () => {
    const frames = [
      { type: 'message_start', message: { usage: { input_tokens: 86, output_tokens: 1 } } },
      { type: 'content_block_delta', delta: { type: 'text_delta', text: '12' } },
      { type: 'message_delta', usage: { output_tokens: 47 } },
    ].map((data, index) => ({ event: data.type, data: JSON.stringify(data), at: index }));
    expect(readTokenUsage({ http: exchange({ sse: frames }) })).toEqual({ inputTokens: 86, outputTokens: 47 });
  });

  it('reads nothing from a body without counts, or with counts that are not counts', () => {
    expect(readTokenUsage({ http: exchange({ responseBody: 'not json' }) })).toEqual({});
    expect(readTokenUsage({ http: exchange({ responseBody: JSON.stringify({ usage: { input_tokens: -1, output_tokens: '47' } }) }) })).toEqual({});
  });
});
