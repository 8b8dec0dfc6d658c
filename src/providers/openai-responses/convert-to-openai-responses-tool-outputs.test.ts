import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { McpToolResult, ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToOpenAiResponsesToolOutputs } from './convert-to-openai-responses-tool-outputs.ts';

function call(id: string | undefined, name = 'add_numbers'): ProviderToolCall {
  return { ...(id === undefined ? {} : { id }), name, arguments: '{}', raw: {} };
}

function resultOf(result: McpToolResult, id = 'call_a'): ToolRoundResult {
  return { call: call(id), outcome: { type: 'result', result } };
}

const png = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };

describe('convertToOpenAiResponsesToolOutputs (translation #3)', () => {
  describe('the add_numbers result', () => {
    it('becomes a function_call_output item answering the call_id, with the text as output', () => {
      const { result, warnings, changes } = convertToOpenAiResponsesToolOutputs({ results: [resultOf({ content: [{ type: 'text', text: 'Result: 12' }] })] });
      expect(result).toEqual([{ type: 'function_call_output', call_id: 'call_a', output: 'Result: 12' }]);
      expect(warnings).toEqual([]);
      expect(changes.map((change) => [change.kind, change.from, change.to])).toEqual([
        ['added', undefined, '[0].type'],
        ['added', undefined, '[0].call_id'],
        ['retyped', '[0].content', '[0].output'],
      ]);
    });

    it('invents a call_id only when the call had none', () => {
      expect(
        convertToOpenAiResponsesToolOutputs({ results: [{ call: call(undefined), outcome: { type: 'result', result: { content: [] } } }] }).result[0]!.call_id,
      ).toBe('call_0');
    });
  });

  describe('several calls in one turn', () => {
    it('answers each call by its own call_id, in order', () => {
      const { result } = convertToOpenAiResponsesToolOutputs({
        results: [
          resultOf({ content: [{ type: 'text', text: 'Result: 12' }] }, 'call_a'),
          resultOf({ content: [{ type: 'text', text: 'Result: 7' }] }, 'call_b'),
        ],
      });
      expect(result.map((item) => [item.call_id, item.output])).toEqual([
        ['call_a', 'Result: 12'],
        ['call_b', 'Result: 7'],
      ]);
    });
  });

  describe('images, which a function output can carry', () => {
    it('sends text and image parts in their order, the image as a data URL, with no warning', () => {
      const { result, warnings, changes } = convertToOpenAiResponsesToolOutputs({
        results: [resultOf({ content: [{ type: 'text', text: 'A chart:' }, png] })],
      });
      expect(result[0]!.output).toEqual([
        { type: 'input_text', text: 'A chart:' },
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      ]);
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].content[1]', to: '[0].output[1]' }));
    });

    it('still replaces audio by a note, placed under its own block', () => {
      const { result, warnings } = convertToOpenAiResponsesToolOutputs({
        results: [resultOf({ content: [png, { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] })],
      });
      expect(result[0]!.output).toEqual([
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        { type: 'input_text', text: expect.stringContaining('[audio omitted: audio/wav') },
      ]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'audio-not-carried', path: '[0].content[1]' })]);
      expect(warnings[0]!.message).toContain('text and images, not audio');
    });

    it('states isError in a first text part', () => {
      const { result, warnings } = convertToOpenAiResponsesToolOutputs({ results: [resultOf({ content: [png], isError: true })] });
      expect(result[0]!.output).toEqual([
        { type: 'input_text', text: expect.stringMatching(/^Error \(isError: true\): /) },
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      ]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: '[0].isError' })]);
    });

    it('adds structuredContent as JSON text when only images came with it', () => {
      const { result, warnings } = convertToOpenAiResponsesToolOutputs({ results: [resultOf({ content: [png], structuredContent: { width: 1 } })] });
      expect(result[0]!.output).toEqual([
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        { type: 'input_text', text: '{"width":1}' },
      ]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-as-text' })]);
    });
  });

  describe('isError without images', () => {
    it('states the error at the start of the text, since there is no flag', () => {
      const { result, warnings } = convertToOpenAiResponsesToolOutputs({
        results: [resultOf({ content: [{ type: 'text', text: 'b must be a number' }], isError: true })],
      });
      expect(result[0]!.output).toBe('Error (isError: true): b must be a number');
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: '[0].isError' })]);
    });
  });

  describe('structuredContent', () => {
    it('is sent as JSON text when there is no text content', () => {
      const { result, changes } = convertToOpenAiResponsesToolOutputs({ results: [resultOf({ content: [], structuredContent: { sum: 12 } })] });
      expect(result[0]!.output).toBe('{"sum":12}');
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[0].structuredContent', to: '[0].output' }));
    });

    it('is reported as dropped when text content says the same', () => {
      const { warnings, changes } = convertToOpenAiResponsesToolOutputs({
        results: [resultOf({ content: [{ type: 'text', text: '{"sum":12}' }], structuredContent: { sum: 12 } })],
      });
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-dropped', path: '[0].structuredContent' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].structuredContent' }));
    });
  });

  describe('host errors', () => {
    it("sends the host's error as the output, and warns that no tool ran", () => {
      const { result, warnings } = convertToOpenAiResponsesToolOutputs({
        results: [{ call: call('call_x'), outcome: { type: 'host-error', message: 'The arguments are not valid JSON.' } }],
      });
      expect(result).toEqual([{ type: 'function_call_output', call_id: 'call_x', output: 'Error (no tool result): The arguments are not valid JSON.' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[0]' })]);
    });
  });
});

describe('what translation #3 carries to the model and what it drops (Responses)', () => {
  it('carries the PNG as an input_image, never the SVG, and says what else becomes text, with stable codes', () => {
    const { result, warnings } = convertToOpenAiResponsesToolOutputs({ results: [resultOf(EVERY_KIND_RESULT)] });
    const output = result[0]!.output;
    expect(Array.isArray(output)).toBe(true);
    const images = Array.isArray(output) ? output.filter((part) => part.type === 'input_image') : [];
    expect(images).toEqual([{ type: 'input_image', image_url: `data:image/png;base64,${(EVERY_KIND_RESULT.content[1] as { data: string }).data}` }]);
    expect(JSON.stringify(output)).not.toContain('data:image/svg');
    expect(listWarningCodes(warnings)).toEqual([
      'content-annotations-dropped',
      'image-type-not-carried',
      'audio-not-carried',
      'resource-link-as-text',
      'resource-uri-dropped',
      'structured-content-dropped',
    ]);
    expect(warnings[1]!.message).toContain('PNG, JPEG, GIF and WebP images only');
  });

  it('sends a result whose only image is an SVG as a string, with the image as a note', () => {
    const { result, warnings } = convertToOpenAiResponsesToolOutputs({
      results: [resultOf({ content: [{ type: 'image', data: 'PHN2Zy8+', mimeType: 'image/svg+xml' }] })],
    });
    expect(result[0]!.output).toBe('[image omitted: image/svg+xml, about 6 bytes]');
    expect(listWarningCodes(warnings)).toEqual(['image-type-not-carried']);
  });
});
