import { Client, isCallToolResult, type CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyToolResultContent } from '../../src/content/rich-content.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { getWireAdapter, WIRE_IDS } from '../../src/providers/wire-adapters.ts';
import { startEverythingStdio } from '../helpers/everything-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * What a server we did not write answers, read as it is: the reference everything server's
 * image, resource links, embedded resources, structured content and annotations, shown by
 * the inspector's classifier and carried (or not) by translation #3 in each wire format,
 * each loss under a stable warning code.
 */

const app = useServer();
const startEverything = startEverythingStdio;

/** The warning codes translation #3 gives one real result in one format. */
function translateCodes(wire: string, result: CallToolResult): string[] {
  const adapter = getWireAdapter(wire)!;
  const translated = adapter.convertToolResults({
    results: [{ call: adapter.formatToolCall({ id: 'call_1', name: 'tool', arguments: {} }), outcome: { type: 'result', result } }],
  });
  return [...new Set(translated.warnings.map((warning) => warning.code))].sort();
}

describe('get-tiny-image through the host, in every wire format', () => {
  it.each(WIRE_IDS)(
    '%s: the inspector has the PNG as a data: URL, and translation #3 says whether the image reached the model',
    async (wire) => {
      const trace = await createLifecycleRun({
        question: 'Show me the tiny image',
        era: '2025-11-25',
        mcpUrl: 'stdio:everything',
        mcpTransport: startEverything,
        provider: { wire, kind: 'mock', baseUrl: `${app.url}${getWireAdapter(wire)!.mockBasePath}`, model: 'mock-model-deterministic' },
        autoRelease: true,
        networkTimeoutMs: 20_000,
      }).start();
      expect(trace.status, JSON.stringify(trace.steps.at(-1)?.payload)).toBe('complete');
      const response = trace.steps.find((step) => step.id === 'mcp.tools-call.response')!;
      expect(response.payload).toMatchObject({
        result: { content: expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]) },
      });
      const image = classifyToolResultContent({ payload: response.payload })!.find((view) => view.kind === 'image');
      expect(image && 'source' in image ? image.source : null).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      const codes = trace.steps.find((step) => step.id === 'host.translate-tool-result')!.translation!.warnings.map((warning) => warning.code);
      if (['anthropic', 'openai-responses', 'gemini'].includes(wire)) expect(codes).not.toContain('image-not-carried');
      else expect(codes).toContain('image-not-carried');
      if (wire === 'gemini') expect(codes).toContain('image-in-function-response');
    },
    40_000,
  );
});

describe('other real results, translated in every wire format', () => {
  const client = new Client({ name: 'rich-content-test', version: '1.0.0' });
  const results: Record<string, CallToolResult> = {};

  beforeAll(async () => {
    await client.connect(startEverything());
    const calls: [string, Record<string, unknown>][] = [
      ['get-resource-links', { count: 2 }],
      ['get-resource-reference', { resourceType: 'Text', resourceId: 1 }],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }],
      ['get-structured-content', { location: 'Chicago' }],
      ['get-annotated-message', { messageType: 'success', includeImage: true }],
    ];
    for (const [name, args] of calls) {
      const answer = await client.callTool({ name, arguments: args });
      if (!isCallToolResult(answer)) throw new Error(`${name} did not answer a tool result: ${JSON.stringify(answer)}`);
      results[`${name} ${JSON.stringify(args)}`] = answer;
    }
  }, 30_000);

  afterAll(async () => {
    await client.close();
  });

  const find = (prefix: string) => Object.entries(results).find(([key]) => key.startsWith(prefix))![1];

  it('resource links: a card each in the inspector, text to every model, with resource-link-as-text', () => {
    const result = find('get-resource-links');
    expect(classifyToolResultContent({ payload: result })!.filter((view) => view.kind === 'resource-link')).toHaveLength(2);
    for (const wire of WIRE_IDS) expect(translateCodes(wire, result), wire).toContain('resource-link-as-text');
  });

  it('an embedded text resource: its text in the inspector, sent to every model without its uri', () => {
    const result = find('get-resource-reference {"resourceType":"Text"');
    const view = classifyToolResultContent({ payload: result })!.find((entry) => entry.kind === 'resource-text');
    expect(view).toMatchObject({ uri: expect.stringContaining('demo://resource'), text: expect.any(String) });
    for (const wire of WIRE_IDS) expect(translateCodes(wire, result), wire).toContain('resource-uri-dropped');
  });

  it('an embedded blob: sized in the inspector, left out for a note by every format', () => {
    const result = find('get-resource-reference {"resourceType":"Blob"');
    const view = classifyToolResultContent({ payload: result })!.find((entry) => entry.kind === 'resource-blob');
    expect(view).toMatchObject({ bytes: expect.any(Number) });
    for (const wire of WIRE_IDS) expect(translateCodes(wire, result), wire).toContain('blob-not-carried');
  });

  it('structured content: shown as JSON, and each format says the text went instead', () => {
    const result = find('get-structured-content');
    expect(classifyToolResultContent({ payload: result })!.some((view) => view.kind === 'structured')).toBe(true);
    for (const wire of WIRE_IDS) expect(translateCodes(wire, result), wire).toContain('structured-content-dropped');
  });

  it('annotations: said dropped by every format, the image carried only where the format takes images', () => {
    const result = find('get-annotated-message');
    expect(result.content.some((block) => block.annotations !== undefined)).toBe(true);
    const byWire = Object.fromEntries(WIRE_IDS.map((wire) => [wire, translateCodes(wire, result)]));
    for (const wire of WIRE_IDS) expect(byWire[wire], wire).toContain('content-annotations-dropped');
    for (const wire of ['openai-chat', 'openai-functions', 'ollama']) expect(byWire[wire], wire).toContain('image-not-carried');
    for (const wire of ['openai-responses', 'anthropic', 'gemini']) expect(byWire[wire], wire).not.toContain('image-not-carried');
  });
});
