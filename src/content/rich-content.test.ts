import { describe, expect, it } from 'vitest';
import { classifyToolResultContent } from './rich-content.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('classifyToolResultContent', () => {
  it('reads nothing from a payload that holds no tool result', () => {
    expect(classifyToolResultContent({ payload: { method: 'tools/list' } })).toBeNull();
    expect(classifyToolResultContent({ payload: 'text' })).toBeNull();
  });

  it('names each block of a JSON-RPC response as what it is, with its path', () => {
    const views = classifyToolResultContent({
      payload: {
        jsonrpc: '2.0',
        id: 2,
        result: {
          content: [
            { type: 'text', text: 'A chart' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
            { type: 'resource_link', uri: 'https://example.com/x', name: 'x', description: 'a file', mimeType: 'text/plain' },
            { type: 'resource', resource: { uri: 'demo://notes/1', mimeType: 'text/plain', text: 'hello' } },
            { type: 'resource', resource: { uri: 'demo://blob/1', mimeType: 'application/octet-stream', blob: 'AAAA' } },
          ],
          structuredContent: { sum: 12 },
        },
      },
    });
    expect(views).toEqual([
      { kind: 'text', path: 'result.content[0]', text: 'A chart' },
      { kind: 'image', path: 'result.content[1]', mimeType: 'image/png', source: `data:image/png;base64,${PNG}`, bytes: 70 },
      { kind: 'resource-link', path: 'result.content[2]', uri: 'https://example.com/x', name: 'x', description: 'a file', mimeType: 'text/plain' },
      { kind: 'resource-text', path: 'result.content[3]', uri: 'demo://notes/1', mimeType: 'text/plain', text: 'hello' },
      { kind: 'resource-blob', path: 'result.content[4]', uri: 'demo://blob/1', mimeType: 'application/octet-stream', bytes: 3 },
      { kind: 'structured', path: 'result.structuredContent', json: '{\n  "sum": 12\n}' },
    ]);
  });

  it('reads the result handed to the host as it is, and gives an SVG no source', () => {
    const views = classifyToolResultContent({ payload: { content: [{ type: 'image', data: SVG, mimeType: 'image/svg+xml' }] } });
    expect(views).toEqual([
      {
        kind: 'image',
        path: 'content[0]',
        mimeType: 'image/svg+xml',
        source: null,
        bytes: expect.any(Number),
        reason: expect.stringContaining('image/svg+xml'),
      },
    ]);
  });

  it('names a block the schema refuses and still shows the others', () => {
    const views = classifyToolResultContent({
      payload: {
        content: [
          { type: 'image', data: 'not base64', mimeType: 'image/png' },
          { type: 'text', text: 'ok' },
        ],
      },
    });
    expect(views?.map((view) => view.kind)).toEqual(['invalid', 'text']);
  });
});
