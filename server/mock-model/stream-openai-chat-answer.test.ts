import { describe, expect, it } from 'vitest';
import { streamOpenAiChatAnswer, type ChatCompletionAnswer } from './stream-openai-chat-answer.ts';

const answer = (message: Partial<ChatCompletionAnswer['choices'][number]['message']>, finishReason: string): ChatCompletionAnswer => ({
  id: 'chatcmpl-mock-1',
  object: 'chat.completion',
  created: 1,
  model: 'mock-model',
  system_fingerprint: 'mock',
  choices: [
    { index: 0, message: { role: 'assistant', content: null, refusal: null, annotations: [], ...message }, logprobs: null, finish_reason: finishReason },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
});

const deltas = (stream: ReturnType<typeof streamOpenAiChatAnswer>) =>
  stream.frames.filter((frame) => frame.data !== '[DONE]').map((frame) => JSON.parse(frame.data).choices[0]?.delta);

describe('streamOpenAiChatAnswer', () => {
  it('opens each parallel call by index just before its first piece, then interleaves their pieces', () => {
    const stream = streamOpenAiChatAnswer({
      answer: answer(
        {
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'add', arguments: '{"a":5,"b":7}' } },
            { id: 'call_b', type: 'function', function: { name: 'add', arguments: '{"a":1}' } },
          ],
        },
        'tool_calls',
      ),
      includeUsage: false,
    });
    const toolDeltas = deltas(stream).flatMap((delta) => delta?.tool_calls ?? []);
    expect(
      toolDeltas.map((piece: { index: number; id?: string; function: { arguments: string } }) => [piece.index, piece.id ?? null, piece.function.arguments]),
    ).toEqual([
      [0, 'call_a', ''],
      [0, null, '{"a'],
      [1, 'call_b', ''],
      [1, null, '{"a'],
      [0, null, '":5,"'],
      [1, null, '":1}'],
      [0, null, 'b"'],
      [0, null, ':7}'],
    ]);
    expect(deltas(stream)[0]).toMatchObject({ role: 'assistant', content: null });
    expect(stream.frames.at(-1)).toEqual({ data: '[DONE]' });
  });

  it('streams the legacy function_call, text a few words at a time, and the usage chunk only when asked', () => {
    const legacy = deltas(
      streamOpenAiChatAnswer({ answer: answer({ function_call: { name: 'add', arguments: '{"a":5}' } }, 'function_call'), includeUsage: true }),
    );
    expect(legacy[0]).toMatchObject({ function_call: { name: 'add', arguments: '' } });
    expect(legacy.at(-1)).toBeUndefined();
    const text = streamOpenAiChatAnswer({ answer: answer({ content: 'The sum is 12.' }, 'stop'), includeUsage: false });
    expect(deltas(text).map((delta) => delta.content)).toEqual(['', 'The sum ', 'is 12.', undefined]);
    expect(text.frames.some((frame) => frame.data.includes('"usage"'))).toBe(false);
  });
});
