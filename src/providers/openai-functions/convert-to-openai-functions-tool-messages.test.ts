import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { McpToolResult, ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToOpenAiFunctionsToolMessages } from './convert-to-openai-functions-tool-messages.ts';

function call(name = 'add_numbers'): ProviderToolCall {
  return { name, arguments: '{}', raw: { name, arguments: '{}' } };
}

function resultOf(result: McpToolResult, name?: string): ToolRoundResult {
  return { call: call(name), outcome: { type: 'result', result } };
}

describe('convertToOpenAiFunctionsToolMessages (translation #3)', () => {
  describe('the add_numbers result', () => {
    it('becomes { role: "function", name, content } with the text', () => {
      const { result, warnings, changes } = convertToOpenAiFunctionsToolMessages({ results: [resultOf({ content: [{ type: 'text', text: 'Result: 12' }] })] });
      expect(result).toEqual([{ role: 'function', name: 'add_numbers', content: 'Result: 12' }]);
      expect(warnings).toEqual([]);
      expect(changes.map((change) => change.kind)).toEqual(['added', 'added', 'retyped']);
      expect(changes[1]).toMatchObject({ to: '[0].name', note: expect.stringContaining('no call id') });
    });

    it('names the function as the model knew it, a sanitized name included', () => {
      const { result } = convertToOpenAiFunctionsToolMessages({ results: [resultOf({ content: [] }, 'math_add')] });
      expect(result[0]!.name).toBe('math_add');
    });
  });

  describe('isError', () => {
    it('states the error in the text, since there is no flag, and reports it', () => {
      const { result, warnings, changes } = convertToOpenAiFunctionsToolMessages({
        results: [resultOf({ content: [{ type: 'text', text: 'b must be a number' }], isError: true })],
      });
      expect(result[0]!.content).toBe('Error (isError: true): b must be a number');
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: '[0].isError' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].isError' }));
    });
  });

  describe('images', () => {
    it('replaces an image by a note the model can read, with a warning', () => {
      const { result, warnings } = convertToOpenAiFunctionsToolMessages({
        results: [
          resultOf({
            content: [
              { type: 'text', text: 'A chart:' },
              { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            ],
          }),
        ],
      });
      expect(result[0]!.content).toMatch(/^A chart:\n\[image omitted: image\/png/);
      expect(warnings).toEqual([expect.objectContaining({ code: 'image-not-carried', path: '[0].content[1]' })]);
    });
  });

  describe('structuredContent', () => {
    it('is sent as JSON text when there is no text content', () => {
      const { result, changes } = convertToOpenAiFunctionsToolMessages({ results: [resultOf({ content: [], structuredContent: { sum: 12 } })] });
      expect(result[0]!.content).toBe('{"sum":12}');
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].structuredContent', to: '[0].content' }));
    });

    it('is reported as dropped when text says the same', () => {
      const { result, warnings, changes } = convertToOpenAiFunctionsToolMessages({
        results: [resultOf({ content: [{ type: 'text', text: '{"sum":12}' }], structuredContent: { sum: 12 } })],
      });
      expect(result[0]!.content).toBe('{"sum":12}');
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-dropped', path: '[0].structuredContent' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].structuredContent' }));
    });
  });

  describe('host errors', () => {
    it("sends the host's error as the function's content, and warns that no tool ran", () => {
      const { result, warnings } = convertToOpenAiFunctionsToolMessages({
        results: [{ call: call(), outcome: { type: 'host-error', message: 'The arguments are not valid JSON.' } }],
      });
      expect(result).toEqual([{ role: 'function', name: 'add_numbers', content: 'Error (no tool result): The arguments are not valid JSON.' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[0]' })]);
    });
  });

  describe('several results', () => {
    it('sends one function message each, in order, and warns that only names tie them to their calls', () => {
      const { result, warnings } = convertToOpenAiFunctionsToolMessages({
        results: [resultOf({ content: [{ type: 'text', text: 'Result: 12' }] }), resultOf({ content: [{ type: 'text', text: 'Result: 7' }] })],
      });
      expect(result.map((message) => message.content)).toEqual(['Result: 12', 'Result: 7']);
      expect(warnings).toEqual([expect.objectContaining({ code: 'several-function-results' })]);
    });
  });
});

describe('what translation #3 carries to the model and what it drops (legacy functions)', () => {
  it('carries text only, as Chat Completions does, each loss said with a stable code', () => {
    const { result, warnings, changes } = convertToOpenAiFunctionsToolMessages({ results: [resultOf(EVERY_KIND_RESULT)] });
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
    expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual([
      '[0].structuredContent',
      '[0].content[1].data',
      '[0].content[2].data',
      '[0].content[3].data',
    ]);
  });
});
