import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToOpenAiChatToolMessages } from './convert-to-openai-chat-tool-messages.ts';

function call(id: string | undefined, name = 'add_numbers'): ProviderToolCall {
  return { ...(id === undefined ? {} : { id }), name, arguments: '{}', raw: {} };
}

describe('convertToOpenAiChatToolMessages (translation #3)', () => {
  describe('tool results', () => {
    it('answers each call by its id with a role:"tool" message carrying the text', () => {
      const results: ToolRoundResult[] = [
        { call: call('call_a'), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
        { call: call('call_b', 'multiply_numbers'), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 36' }] } } },
      ];
      const { result, warnings } = convertToOpenAiChatToolMessages({ results });
      expect(result).toEqual([
        { role: 'tool', tool_call_id: 'call_a', content: 'Result: 12' },
        { role: 'tool', tool_call_id: 'call_b', content: 'Result: 36' },
      ]);
      expect(warnings).toEqual([]);
    });

    it('answers a call that came without an id by its position, and says so', () => {
      const results: ToolRoundResult[] = [
        { call: call('call_a'), outcome: { type: 'result', result: { content: [] } } },
        { call: call(undefined), outcome: { type: 'result', result: { content: [] } } },
      ];
      const { result, warnings } = convertToOpenAiChatToolMessages({ results });
      expect(result.map((message) => message.tool_call_id)).toEqual(['call_a', 'call_1']);
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-call-without-id', path: '[1]', message: expect.stringContaining('by position') })]);
    });

    it('carries the warnings of the text conversion, placed under the result they belong to', () => {
      const results: ToolRoundResult[] = [
        { call: call('call_a'), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'ok' }] } } },
        { call: call('call_b'), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'bad' }], isError: true } } },
      ];
      const { result, warnings } = convertToOpenAiChatToolMessages({ results });
      expect(result[1]!.content).toBe('Error (isError: true): bad');
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: '[1].isError' })]);
    });
  });

  describe('host errors', () => {
    it('sends the host error to the model as the tool message, and warns that no tool ran', () => {
      const results: ToolRoundResult[] = [{ call: call('call_x'), outcome: { type: 'host-error', message: 'The arguments are not valid JSON.' } }];
      const { result, warnings } = convertToOpenAiChatToolMessages({ results });
      expect(result).toEqual([{ role: 'tool', tool_call_id: 'call_x', content: 'Error (no tool result): The arguments are not valid JSON.' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[0]' })]);
    });
  });
});

describe('what translation #3 carries to the model and what it drops (Chat Completions)', () => {
  it('carries text only: every image and audio dropped for a note, the link and the embedded text as text, each said with a stable code', () => {
    const { result, warnings, changes } = convertToOpenAiChatToolMessages({
      results: [{ call: call('call_a'), outcome: { type: 'result', result: EVERY_KIND_RESULT } }],
    });
    expect(typeof result[0]!.content).toBe('string');
    expect(result[0]!.content).not.toContain('iVBOR');
    expect(listWarningCodes(warnings)).toEqual([
      'content-annotations-dropped',
      'image-not-carried',
      'image-not-carried',
      'audio-not-carried',
      'resource-link-as-text',
      'resource-uri-dropped',
      'structured-content-dropped',
    ]);
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].content[1].data' }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].content[3].data' }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].content[5].resource.text', to: '[0].content' }));
  });
});
