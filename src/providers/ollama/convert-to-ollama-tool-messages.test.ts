import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { McpToolResult, ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToOllamaToolMessages } from './convert-to-ollama-tool-messages.ts';

function call(id: string | undefined, name = 'add_numbers'): ProviderToolCall {
  return { ...(id === undefined ? {} : { id }), name, arguments: {}, raw: {} };
}

function answered(result: McpToolResult, id?: string, name?: string): ToolRoundResult {
  return { call: call(id, name), outcome: { type: 'result', result } };
}

describe('convertToOllamaToolMessages (translation #3)', () => {
  describe('tool results', () => {
    it('answers each call with a role:"tool" message named after the tool', () => {
      const { result, warnings } = convertToOllamaToolMessages({
        results: [
          answered({ content: [{ type: 'text', text: 'Result: 12' }] }),
          answered({ content: [{ type: 'text', text: 'Result: 36' }] }, undefined, 'multiply_numbers'),
        ],
      });
      expect(result).toEqual([
        { role: 'tool', tool_name: 'add_numbers', content: 'Result: 12' },
        { role: 'tool', tool_name: 'multiply_numbers', content: 'Result: 36' },
      ]);
      expect(warnings).toEqual([]);
    });

    it('adds tool_call_id when the call had an id, as newer Ollama versions write it', () => {
      const { result, changes } = convertToOllamaToolMessages({ results: [answered({ content: [{ type: 'text', text: 'ok' }] }, 'call_1')] });
      expect(result).toEqual([{ role: 'tool', tool_name: 'add_numbers', content: 'ok', tool_call_id: 'call_1' }]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'added', to: '[0].tool_call_id' }));
    });
  });

  describe('isError', () => {
    it('states the error in the text, since Ollama has no error flag', () => {
      const { result, warnings } = convertToOllamaToolMessages({ results: [answered({ content: [{ type: 'text', text: 'bad' }], isError: true })] });
      expect(result[0]!.content).toBe('Error (isError: true): bad');
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: '[0].isError' })]);
    });
  });

  describe('images', () => {
    it('replaces an image by a note the model can read, with a warning', () => {
      const { result, warnings } = convertToOllamaToolMessages({
        results: [answered({ content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] })],
      });
      expect(result[0]!.content).toContain('[image omitted: image/png');
      expect(warnings).toEqual([expect.objectContaining({ code: 'image-not-carried', path: '[0].content[0]' })]);
    });
  });

  describe('structuredContent', () => {
    it('sends it as JSON text when there is no text, and says so', () => {
      const { result, warnings, changes } = convertToOllamaToolMessages({ results: [answered({ content: [], structuredContent: { sum: 12 } })] });
      expect(result[0]!.content).toBe('{"sum":12}');
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-as-text', path: '[0].structuredContent' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].structuredContent', to: '[0].content' }));
    });

    it('reports it dropped when the text already says it', () => {
      const { result, changes } = convertToOllamaToolMessages({
        results: [answered({ content: [{ type: 'text', text: 'sum is 12' }], structuredContent: { sum: 12 } })],
      });
      expect(result[0]!.content).toBe('sum is 12');
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].structuredContent' }));
    });
  });

  describe('host errors', () => {
    it('sends the host error as the tool message, and warns that no tool ran', () => {
      const results: ToolRoundResult[] = [{ call: call('call_x'), outcome: { type: 'host-error', message: 'The arguments must be an object.' } }];
      const { result, warnings } = convertToOllamaToolMessages({ results });
      expect(result).toEqual([
        { role: 'tool', tool_name: 'add_numbers', content: 'Error (no tool result): The arguments must be an object.', tool_call_id: 'call_x' },
      ]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[0]' })]);
    });
  });
});

describe('what translation #3 carries to the model and what it drops (Ollama)', () => {
  it('carries text only in a tool message, each loss said with a stable code', () => {
    const { result, warnings } = convertToOllamaToolMessages({ results: [answered(EVERY_KIND_RESULT, 'call_a')] });
    expect(result[0]!.content.split('\n')).toEqual([
      'Here is everything',
      '[image omitted: image/png, about 72 bytes]',
      '[image omitted: image/svg+xml, about 6 bytes]',
      '[audio omitted: audio/wav, about 12 bytes]',
      '[resource link: architecture.md <demo://resource/static/document/architecture.md>]',
      'Resource 1: a text resource',
    ]);
    expect(listWarningCodes(warnings)).toEqual([
      'content-annotations-dropped',
      'image-not-carried',
      'image-not-carried',
      'audio-not-carried',
      'resource-link-as-text',
      'resource-uri-dropped',
      'structured-content-dropped',
    ]);
  });
});
