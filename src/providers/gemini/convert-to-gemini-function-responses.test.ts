import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { McpToolResult, ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.ts';

function call(id: string | undefined, name = 'add_numbers'): ProviderToolCall {
  return { ...(id === undefined ? {} : { id }), name, arguments: {}, raw: {} };
}

function answered(result: McpToolResult, { id = 'call_a', name = 'add_numbers' }: { id?: string | null; name?: string } = {}): ToolRoundResult {
  return { call: call(id ?? undefined, name), outcome: { type: 'result', result } };
}

const PNG = 'iVBORw0KGgo=';

describe('convertToGeminiFunctionResponses (translation #3)', () => {
  describe('tool results', () => {
    it('answers every call in one user turn, each part a functionResponse with the text as output', () => {
      const { result, warnings, changes } = convertToGeminiFunctionResponses({
        results: [
          answered({ content: [{ type: 'text', text: 'Result: 12' }] }),
          answered({ content: [{ type: 'text', text: 'Result: 36' }] }, { id: 'call_b', name: 'multiply_numbers' }),
        ],
      });
      expect(result).toEqual([
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'call_a', name: 'add_numbers', response: { output: 'Result: 12' } } },
            { functionResponse: { id: 'call_b', name: 'multiply_numbers', response: { output: 'Result: 36' } } },
          ],
        },
      ]);
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ from: '[1].content', to: '[0].parts[1].functionResponse.response.output' }));
    });

    it('answers by name alone when the model gave the call no id', () => {
      const { result } = convertToGeminiFunctionResponses({ results: [answered({ content: [{ type: 'text', text: 'ok' }] }, { id: null })] });
      expect(result[0]!.parts[0]).toEqual({ functionResponse: { name: 'add_numbers', response: { output: 'ok' } } });
    });

    it('joins several text blocks with a line break', () => {
      const { result } = convertToGeminiFunctionResponses({
        results: [
          answered({
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          }),
        ],
      });
      expect(result[0]!.parts[0]).toMatchObject({ functionResponse: { response: { output: 'a\nb' } } });
    });

    it('sends nothing when there is nothing to answer', () => {
      expect(convertToGeminiFunctionResponses({ results: [] }).result).toEqual([]);
    });
  });

  describe('isError', () => {
    it('puts a failed tool under response.error, where Gemini looks for failures', () => {
      const { result, warnings, changes } = convertToGeminiFunctionResponses({
        results: [answered({ content: [{ type: 'text', text: 'b must be a number' }], isError: true })],
      });
      expect(result[0]!.parts[0]).toEqual({ functionResponse: { id: 'call_a', name: 'add_numbers', response: { error: 'b must be a number' } } });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].isError', to: '[0].parts[0].functionResponse.response.error' }));
    });
  });

  describe('images and other media', () => {
    it('carries a PNG in functionResponse.parts as inline data, and says which models read it', () => {
      const { result, warnings } = convertToGeminiFunctionResponses({
        results: [
          answered({
            content: [
              { type: 'text', text: 'A chart:' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
          }),
        ],
      });
      expect(result[0]!.parts[0]).toEqual({
        functionResponse: {
          id: 'call_a',
          name: 'add_numbers',
          response: { output: 'A chart:' },
          parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }],
        },
      });
      expect(warnings).toEqual([expect.objectContaining({ code: 'image-in-function-response', path: '[0].content[1]' })]);
    });

    it('replaces audio and unsupported image types by a note the model can read, with a warning each', () => {
      const { result, warnings } = convertToGeminiFunctionResponses({
        results: [
          answered({
            content: [
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
              { type: 'image', data: 'R0lG', mimeType: 'image/gif' },
            ],
          }),
        ],
      });
      const part = result[0]!.parts[0] as { functionResponse: { response: { output: string }; parts?: unknown } };
      expect(part.functionResponse.parts).toBeUndefined();
      expect(part.functionResponse.response.output).toContain('[audio omitted: audio/wav');
      expect(part.functionResponse.response.output).toContain('[image omitted: image/gif');
      expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ['audio-not-carried', '[0].content[0]'],
        ['image-type-not-carried', '[0].content[1]'],
      ]);
      expect(warnings[1]!.message).toContain('PNG, JPEG and WebP images only');
    });

    it('never carries an SVG image as media, and says annotations are not sent', () => {
      const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"/>');
      const { result, warnings } = convertToGeminiFunctionResponses({
        results: [
          answered({
            content: [
              { type: 'image', data: svg, mimeType: 'image/svg+xml' },
              { type: 'text', text: 'A chart', annotations: { audience: ['user'] } },
            ],
          }),
        ],
      });
      expect(result[0]!.parts[0]!.functionResponse.parts).toBeUndefined();
      expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ['image-type-not-carried', '[0].content[0]'],
        ['content-annotations-dropped', '[0].content[1].annotations'],
      ]);
    });
  });

  describe('structuredContent', () => {
    it('sends structured content as JSON when there is no text', () => {
      const { result, warnings, changes } = convertToGeminiFunctionResponses({ results: [answered({ content: [], structuredContent: { sum: 12 } })] });
      expect(result[0]!.parts[0]).toMatchObject({ functionResponse: { response: { output: { sum: 12 } } } });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(
        expect.objectContaining({ kind: 'moved', from: '[0].structuredContent', to: '[0].parts[0].functionResponse.response.output' }),
      );
    });

    it('sends the text and reports the structured content it leaves out', () => {
      const { result, warnings } = convertToGeminiFunctionResponses({
        results: [answered({ content: [{ type: 'text', text: '{"sum":12}' }], structuredContent: { sum: 12 } })],
      });
      expect(result[0]!.parts[0]).toMatchObject({ functionResponse: { response: { output: '{"sum":12}' } } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-dropped', path: '[0].structuredContent' })]);
    });
  });

  describe('host errors', () => {
    it('sends the host error under response.error, and warns that no tool ran', () => {
      const results: ToolRoundResult[] = [{ call: call('call_x'), outcome: { type: 'host-error', message: 'MCP error -32602: Tool divide not found' } }];
      const { result, warnings } = convertToGeminiFunctionResponses({ results });
      expect(result[0]!.parts[0]).toEqual({
        functionResponse: { id: 'call_x', name: 'add_numbers', response: { error: 'Error (no tool result): MCP error -32602: Tool divide not found' } },
      });
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[0]' })]);
    });
  });
});

describe('what translation #3 carries to the model and what it drops (Gemini)', () => {
  it('carries the PNG as inline data, never the SVG, and says what else becomes text, with stable codes', () => {
    const { result, warnings } = convertToGeminiFunctionResponses({ results: [answered(EVERY_KIND_RESULT)] });
    const response = result[0]!.parts[0]!.functionResponse;
    expect(response.parts?.map((part) => part.inlineData.mimeType)).toEqual(['image/png']);
    expect(listWarningCodes(warnings)).toEqual([
      'content-annotations-dropped',
      'image-in-function-response',
      'image-type-not-carried',
      'audio-not-carried',
      'resource-link-as-text',
      'resource-uri-dropped',
      'structured-content-dropped',
    ]);
  });
});
