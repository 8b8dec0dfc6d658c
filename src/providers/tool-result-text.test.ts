import { describe, expect, it } from 'vitest';
import { convertToolResultToText } from './tool-result-text.ts';
import type { McpToolResult } from './types.ts';

const provider = 'Test Provider';

function convert(result: McpToolResult) {
  return convertToolResultToText({ result, provider });
}

describe('convertToolResultToText', () => {
  describe('text content', () => {
    it('passes a single text block through unchanged, with no warning', () => {
      expect(convert({ content: [{ type: 'text', text: 'Result: 12' }] })).toEqual({ result: 'Result: 12', warnings: [] });
    });

    it('joins several text blocks with new lines', () => {
      const { result } = convert({
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      });
      expect(result).toBe('one\ntwo');
    });

    it('gives an empty string for an empty result', () => {
      expect(convert({ content: [] })).toEqual({ result: '', warnings: [] });
    });
  });

  describe('content that is not text', () => {
    it('replaces an image with a note the model can read and warns', () => {
      const data = 'A'.repeat(400);
      const { result, warnings } = convert({
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'image', data, mimeType: 'image/png' },
        ],
      });
      expect(result).toBe('Here:\n[image omitted: image/png, about 300 bytes]');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ code: 'image-not-carried', path: 'content[1]' });
      expect(warnings[0]!.message).toContain(provider);
      expect(warnings[0]!.message).toContain('image/png');
    });

    it('replaces audio the same way', () => {
      const { result, warnings } = convert({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] });
      expect(result).toBe('[audio omitted: audio/wav, about 3 bytes]');
      expect(warnings[0]!.code).toBe('audio-not-carried');
    });

    it('passes a resource link as text and warns that the model cannot open it', () => {
      const { result, warnings } = convert({ content: [{ type: 'resource_link', name: 'report', uri: 'file:///tmp/report.txt' }] });
      expect(result).toBe('[resource link: report <file:///tmp/report.txt>]');
      expect(warnings).toEqual([expect.objectContaining({ code: 'resource-link-as-text', path: 'content[0]' })]);
    });

    it('passes an embedded text resource as its text, and warns that its uri is not sent', () => {
      const { result, warnings } = convert({
        content: [{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside', mimeType: 'text/plain' } }],
      });
      expect(result).toBe('inside');
      expect(warnings).toEqual([
        {
          code: 'resource-uri-dropped',
          message: 'The text of the embedded resource file:///a.txt is sent; its uri and MIME type are not.',
          path: 'content[0]',
        },
      ]);
    });

    it('warns that a block’s annotations are not sent, whatever the block', () => {
      const { result, warnings } = convert({ content: [{ type: 'text', text: 'Result: 12', annotations: { audience: ['user'], priority: 1 } }] });
      expect(result).toBe('Result: 12');
      expect(warnings).toEqual([expect.objectContaining({ code: 'content-annotations-dropped', path: 'content[0].annotations' })]);
      expect(warnings[0]!.message).toContain(provider);
    });

    it('replaces an embedded binary resource with a note and warns', () => {
      const { result, warnings } = convert({ content: [{ type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA' } }] });
      expect(result).toBe('[binary resource omitted: file:///a.bin]');
      expect(warnings[0]!.code).toBe('blob-not-carried');
    });
  });

  describe('structuredContent', () => {
    it('sends structuredContent as JSON text when there is no content, and warns', () => {
      const { result, warnings } = convert({ content: [], structuredContent: { sum: 12 } });
      expect(JSON.parse(result)).toEqual({ sum: 12 });
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-as-text', path: 'structuredContent' })]);
    });

    it('prefers the text content when both are there, and warns that structuredContent is dropped', () => {
      const { result, warnings } = convert({ content: [{ type: 'text', text: 'Result: 12' }], structuredContent: { sum: 12 } });
      expect(result).toBe('Result: 12');
      expect(warnings).toEqual([expect.objectContaining({ code: 'structured-content-dropped' })]);
    });
  });

  describe('isError', () => {
    it('states the error at the start of the text and warns, since the provider has no error flag', () => {
      const { result, warnings } = convert({ content: [{ type: 'text', text: 'Input validation error: a: expected number' }], isError: true });
      expect(result).toBe('Error (isError: true): Input validation error: a: expected number');
      expect(warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text', path: 'isError' })]);
    });

    it('adds no prefix when isError is false', () => {
      expect(convert({ content: [{ type: 'text', text: 'fine' }], isError: false }).result).toBe('fine');
    });
  });
});
