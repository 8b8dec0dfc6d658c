import { describe, expect, it } from 'vitest';
import { EVERY_KIND_RESULT, listWarningCodes } from '../test-fixtures.ts';
import type { McpToolResult, ProviderToolCall, ToolRoundResult } from '../types.ts';
import { convertToAnthropicToolResults } from './convert-to-anthropic-tool-results.ts';

function call(id: string | undefined, name = 'add_numbers'): ProviderToolCall {
  return { ...(id === undefined ? {} : { id }), name, arguments: {}, raw: {} };
}

function answered(result: McpToolResult, id = 'toolu_a'): ToolRoundResult {
  return { call: call(id), outcome: { type: 'result', result } };
}

const PNG = 'iVBORw0KGgo=';

describe('convertToAnthropicToolResults (translation #3)', () => {
  describe('tool results', () => {
    it('puts every result of the turn in one user message, a tool_result block per call, in order', () => {
      const results: ToolRoundResult[] = [
        answered({ content: [{ type: 'text', text: 'Result: 12' }] }, 'toolu_a'),
        { call: call('toolu_b', 'multiply_numbers'), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 36' }] } } },
      ];
      const { result, warnings, changes } = convertToAnthropicToolResults({ results });
      expect(result).toEqual([
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: 'Result: 12' }] },
            { type: 'tool_result', tool_use_id: 'toolu_b', content: [{ type: 'text', text: 'Result: 36' }] },
          ],
        },
      ]);
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'added', to: '[0].role' }));
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'added', to: '[0].content[1].tool_use_id' }));
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'moved', from: '[1].content[0]', to: '[0].content[1].content[0]' }));
    });

    it('invents a stable id when the call had none', () => {
      const { result } = convertToAnthropicToolResults({
        results: [{ call: call(undefined), outcome: { type: 'result', result: { content: [{ type: 'text', text: 'x' }] } } }],
      });
      expect(result[0]!.content[0]!.tool_use_id).toBe('toolu_0');
    });

    it('produces no message when there is nothing to answer', () => {
      expect(convertToAnthropicToolResults({ results: [] })).toEqual({ result: [], warnings: [], changes: [] });
    });
  });

  describe('isError', () => {
    it('keeps the error flag as is_error, with the text unchanged', () => {
      const { result, warnings, changes } = convertToAnthropicToolResults({
        results: [answered({ content: [{ type: 'text', text: 'Input validation error: a: expected number' }], isError: true })],
      });
      expect(result[0]!.content[0]).toEqual({
        type: 'tool_result',
        tool_use_id: 'toolu_a',
        content: [{ type: 'text', text: 'Input validation error: a: expected number' }],
        is_error: true,
      });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].isError', to: '[0].content[0].is_error' }));
    });

    it('carries isError:false as is_error:false', () => {
      const { result } = convertToAnthropicToolResults({ results: [answered({ content: [{ type: 'text', text: 'ok' }], isError: false })] });
      expect(result[0]!.content[0]!.is_error).toBe(false);
    });
  });

  describe('images and other content', () => {
    it('carries a PNG as an image block with a base64 source', () => {
      const { result, warnings, changes } = convertToAnthropicToolResults({
        results: [
          answered({
            content: [
              { type: 'text', text: 'A chart:' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
          }),
        ],
      });
      expect(result[0]!.content[0]!.content).toEqual([
        { type: 'text', text: 'A chart:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      ]);
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(
        expect.objectContaining({ kind: 'renamed', from: '[0].content[1].mimeType', to: '[0].content[0].content[1].source.media_type' }),
      );
    });

    it('replaces an image type Anthropic does not take by a note, with a warning', () => {
      const { result, warnings } = convertToAnthropicToolResults({
        results: [answered({ content: [{ type: 'image', data: PNG, mimeType: 'image/svg+xml' }] })],
      });
      expect(result[0]!.content[0]!.content).toEqual([{ type: 'text', text: expect.stringContaining('[image omitted: image/svg+xml') }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'image-type-not-carried', path: '[0].content[0]' })]);
    });

    it('replaces audio and resource links by notes, each with a warning', () => {
      const { result, warnings } = convertToAnthropicToolResults({
        results: [
          answered({
            content: [
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
              { type: 'resource_link', uri: 'file:///sum.txt', name: 'sum' },
            ],
          }),
        ],
      });
      expect(result[0]!.content[0]!.content).toEqual([
        { type: 'text', text: expect.stringContaining('[audio omitted: audio/wav') },
        { type: 'text', text: '[resource link: sum <file:///sum.txt>]' },
      ]);
      expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ['audio-not-carried', '[0].content[0]'],
        ['resource-link-as-text', '[0].content[1]'],
      ]);
    });

    it('sends a text resource as text, a PDF as a document block, an image blob as an image, and other blobs as a note', () => {
      const { result, warnings } = convertToAnthropicToolResults({
        results: [
          answered({
            content: [
              { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'twelve' } },
              { type: 'resource', resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' } },
              { type: 'resource', resource: { uri: 'file:///a.gif', mimeType: 'image/gif', blob: 'R0lGOD=' } },
              { type: 'resource', resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: 'UEsDBA==' } },
            ],
          }),
        ],
      });
      expect(result[0]!.content[0]!.content).toEqual([
        { type: 'text', text: 'twelve' },
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'file:///a.pdf' },
        { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGOD=' } },
        { type: 'text', text: '[binary resource omitted: file:///a.zip]' },
      ]);
      // The text goes without its uri: said, as the blob left out is.
      expect(warnings).toEqual([
        expect.objectContaining({ code: 'resource-uri-dropped', path: '[0].content[0]' }),
        expect.objectContaining({ code: 'blob-not-carried', path: '[0].content[3]' }),
      ]);
    });

    it('leaves out blank text blocks, which Anthropic refuses, and sends no content when nothing is left', () => {
      const { result, warnings, changes } = convertToAnthropicToolResults({ results: [answered({ content: [{ type: 'text', text: '  ' }] })] });
      expect(result[0]!.content[0]).toEqual({ type: 'tool_result', tool_use_id: 'toolu_a' });
      expect(warnings).toEqual([expect.objectContaining({ code: 'empty-text-dropped' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].content' }));
    });

    it('drops content annotations with a warning', () => {
      const { result, warnings } = convertToAnthropicToolResults({
        results: [answered({ content: [{ type: 'text', text: 'Result: 12', annotations: { audience: ['user'] } }] })],
      });
      expect(result[0]!.content[0]!.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'content-annotations-dropped', path: '[0].content[0].annotations' })]);
    });
  });

  describe('structuredContent', () => {
    it('is sent as JSON text when there is no content', () => {
      const { result, warnings } = convertToAnthropicToolResults({ results: [answered({ content: [], structuredContent: { sum: 12 } })] });
      expect(result[0]!.content[0]!.content).toEqual([{ type: 'text', text: '{"sum":12}' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-as-text', path: '[0].structuredContent' })]);
    });

    it('is reported, not sent, when the text content already says it', () => {
      const { result, warnings, changes } = convertToAnthropicToolResults({
        results: [answered({ content: [{ type: 'text', text: 'Result: 12' }], structuredContent: { sum: 12 } })],
      });
      expect(result[0]!.content[0]!.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-dropped' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].structuredContent' }));
    });
  });

  describe('host errors', () => {
    it('sends the host error as an is_error tool_result, and warns that no tool ran', () => {
      const results: ToolRoundResult[] = [
        answered({ content: [{ type: 'text', text: 'Result: 12' }] }, 'toolu_ok'),
        { call: call('toolu_x'), outcome: { type: 'host-error', message: 'MCP error -32602: Unknown tool' } },
      ];
      const { result, warnings, changes } = convertToAnthropicToolResults({ results });
      expect(result[0]!.content[1]).toEqual({
        type: 'tool_result',
        tool_use_id: 'toolu_x',
        content: [{ type: 'text', text: 'Error (no tool result): MCP error -32602: Unknown tool' }],
        is_error: true,
      });
      expect(warnings).toEqual([expect.objectContaining({ code: 'host-error-returned', path: '[1]' })]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'retyped', from: '[1].hostError', to: '[0].content[1].content[0].text' }));
    });
  });
});

describe('what translation #3 carries to the model and what it drops (Anthropic)', () => {
  it('carries the PNG as an image block, never the SVG, and says what else becomes text, with stable codes', () => {
    const { result, warnings } = convertToAnthropicToolResults({ results: [answered(EVERY_KIND_RESULT)] });
    const content = result[0]!.content[0]!.content ?? [];
    expect(content.map((block) => block.type)).toEqual(['text', 'image', 'text', 'text', 'text', 'text']);
    expect(JSON.stringify(content)).not.toContain('svg+xml"');
    expect(listWarningCodes(warnings)).toEqual([
      'content-annotations-dropped',
      'image-type-not-carried',
      'audio-not-carried',
      'resource-link-as-text',
      'resource-uri-dropped',
      'structured-content-dropped',
    ]);
  });
});
