import { describe, expect, it } from 'vitest';
import textThenToolUse from './__fixtures__/text-then-tool-use.json';
import { readAnthropicResponse } from './read-anthropic-response.ts';

function message(content: unknown[], stopReason: string | null) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

const thinking = { type: 'thinking', thinking: 'The user wants a sum.', signature: 'c2ln' };

describe('how an Anthropic message ended', () => {
  it('names stop_reason "refusal" a refusal, keeping any text that came before it', () => {
    const reply = readAnthropicResponse({ body: message([{ type: 'text', text: 'Let me' }], 'refusal') });
    expect(reply.stop).toEqual({ outcome: 'refused', cause: 'refusal', path: 'stop_reason', value: 'refusal' });
    expect(reply.text).toBe('Let me');
  });

  it('names "max_tokens" the token limit, and a cut tool call when the cut came in a tool_use block', () => {
    expect(readAnthropicResponse({ body: message([{ type: 'text', text: '5 plus' }], 'max_tokens') }).stop).toMatchObject({
      outcome: 'truncated',
      cause: 'token-limit',
    });
    const cut = { type: 'tool_use', id: 'toolu_1', name: 'add_numbers', input: {} };
    expect(readAnthropicResponse({ body: message([thinking, cut], 'max_tokens') }).stop).toMatchObject({ outcome: 'truncated', cause: 'tool-call-cut' });
  });

  it('names "model_context_window_exceeded" and "pause_turn"', () => {
    expect(readAnthropicResponse({ body: message([], 'model_context_window_exceeded') }).stop).toMatchObject({ outcome: 'truncated', cause: 'context-window' });
    expect(readAnthropicResponse({ body: message([], 'pause_turn') }).stop).toMatchObject({ outcome: 'failed', cause: 'paused' });
  });

  it.each(['end_turn', 'tool_use', 'stop_sequence'])('reads stop_reason %s as finished', (reason) => {
    expect(readAnthropicResponse({ body: message([{ type: 'text', text: 'twelve' }], reason) }).stop).toEqual({ outcome: 'finished' });
  });

  it('reads a whole message with stop_reason null as one never said to be over: interrupted', () => {
    expect(readAnthropicResponse({ body: message([{ type: 'text', text: 'The answer is' }], null) }).stop).toEqual({
      outcome: 'interrupted',
      cause: 'stop-missing',
      path: 'stop_reason',
      value: 'missing',
    });
  });

  it('reads a thinking block before tool_use as no text, and keeps it to echo back first', () => {
    const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'add_numbers', input: { a: 5, b: 7 } };
    const reply = readAnthropicResponse({ body: message([thinking, toolUse], 'tool_use') });
    expect(reply.text).toBeNull();
    expect(reply.toolCalls.map((call) => call.id)).toEqual(['toolu_1']);
    expect(reply.assistantMessage.content).toEqual([thinking, toolUse]);
  });
});

describe('an Anthropic reply recorded from the real API (anthropic-sdk-python’s tool runner)', () => {
  it('reads the text before tool_use as text, the call with its id and input object, as a finished turn', () => {
    const reply = readAnthropicResponse({ body: textThenToolUse });
    expect(reply.stop).toEqual({ outcome: 'finished' });
    expect(reply.text).toBe("I'll get the weather for each of those cities. Let me start by checking San Francisco.");
    expect(reply.toolCalls).toMatchObject([
      { id: 'toolu_01LRanfq6DmHn1yDTB4d1SAh', name: 'get_weather', arguments: { location: 'San Francisco, CA', units: 'f' } },
    ]);
  });
});
