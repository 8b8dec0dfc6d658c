import { describe, expect, it } from 'vitest';
import { echoOpenAiChatAssistant } from './echo-openai-chat-assistant.ts';

const call = { id: 'call_a', type: 'function' as const, function: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } };

describe('echoOpenAiChatAssistant', () => {
  it('sends back the content and the calls, and leaves OpenAI’s reply-only fields behind', () => {
    const { result, warnings } = echoOpenAiChatAssistant({ message: { role: 'assistant', content: null, refusal: null, annotations: [], tool_calls: [call] } });
    expect(result).toEqual({ role: 'assistant', content: null, tool_calls: [call] });
    expect(warnings).toEqual([]);
  });

  it('keeps DeepSeek’s reasoning_content (and OpenRouter’s reasoning fields), saying why', () => {
    const message = { role: 'assistant' as const, content: '', reasoning_content: 'The user wants 5 + 7.', reasoning: null, tool_calls: [call] };
    const { result, warnings } = echoOpenAiChatAssistant({ message });
    expect(result).toEqual({ role: 'assistant', content: '', reasoning_content: 'The user wants 5 + 7.', tool_calls: [call] });
    expect(warnings).toEqual([expect.objectContaining({ code: 'assistant-field-echoed', path: 'assistant.reasoning_content' })]);
  });

  it('gives a call without an id the position id its tool message answers', () => {
    const { function: fn } = call;
    const { result } = echoOpenAiChatAssistant({ message: { role: 'assistant', content: null, tool_calls: [call, { type: 'function', function: fn }] } });
    expect(result.tool_calls).toEqual([call, { type: 'function', function: fn, id: 'call_1' }]);
  });
});
