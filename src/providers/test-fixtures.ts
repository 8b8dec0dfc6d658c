import type { McpTool, McpToolResult } from './types.ts';

/**
 * add_numbers with its argument descriptions, the tool every translation #1 test starts
 * from, so that what each format does to one tool can be compared across formats.
 * The object is left open; a test about additionalProperties adds it. Only tests import this.
 */
export const ADD_NUMBERS_TOOL: McpTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number', description: 'The first number' }, b: { type: 'number', description: 'The second number' } },
    required: ['a', 'b'],
  },
};

/**
 * A result with one block of every kind, as the reference everything server's tools send
 * them, and structured content beside: what each translation #3 carries of it and what it
 * drops is tested beside each translator. The image is a real 1×1 PNG; the SVG is hostile.
 */
export const EVERY_KIND_RESULT: McpToolResult = {
  content: [
    { type: 'text', text: 'Here is everything', annotations: { audience: ['user'], priority: 0.5 } },
    { type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', mimeType: 'image/png' },
    { type: 'image', data: 'PHN2Zy8+', mimeType: 'image/svg+xml' },
    { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
    { type: 'resource_link', uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md', mimeType: 'text/markdown' },
    { type: 'resource', resource: { uri: 'demo://resource/dynamic/text/1', mimeType: 'text/plain', text: 'Resource 1: a text resource' } },
  ],
  structuredContent: { temperature: 22.5 },
};

/** The warning codes of a translation, in order: the stable names the inspector and tests read. */
export function listWarningCodes(warnings: { code: string }[]): string[] {
  return warnings.map((warning) => warning.code);
}
