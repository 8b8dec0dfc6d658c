import type { Client } from '@modelcontextprotocol/client';
import { getToolUiResourceUri, isToolVisibilityAppOnly, isToolVisibilityModelOnly, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import { APPS_MCP_PATH, SUM_VIEW_URI } from '../../src/trace/mcp-apps.ts';
import { readTextBlocks, useToolboxClients } from '../helpers/toolbox-clients.ts';

/**
 * /mcp/apps with the official v2 client in both eras, over real HTTP, read with the
 * official MCP Apps SDK's own helpers: add_numbers names its view, the view is a
 * text/html;profile=mcp-app resource, and the result carries the sum for the model
 * (text) and for the view (structuredContent).
 */

const apps = useToolboxClients();

const ERAS = [
  ['2025-11-25', 'legacy'],
  ['2026-07-28', { pin: '2026-07-28' }],
] as const;

async function connect(mode: (typeof ERAS)[number][1]): Promise<Client> {
  return (await apps.connect({ mode, name: 'apps-test-client', path: APPS_MCP_PATH })).client;
}

describe.each(ERAS)('/mcp/apps in era %s', (_era, mode) => {
  it('lists add_numbers with its view, seen by the model and the view alike, in both spellings of the URI', async () => {
    const { tools } = await (await connect(mode)).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add_numbers']);
    const [tool] = tools;
    expect(getToolUiResourceUri(tool!)).toBe(SUM_VIEW_URI);
    expect(tool!._meta).toMatchObject({ ui: { resourceUri: SUM_VIEW_URI, visibility: ['model', 'app'] }, 'ui/resourceUri': SUM_VIEW_URI });
    expect(isToolVisibilityAppOnly(tool!)).toBe(false);
    expect(isToolVisibilityModelOnly(tool!)).toBe(false);
  });

  it('lists the view among its resources and reads it as one HTML page with its policy metadata', async () => {
    const client = await connect(mode);
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: SUM_VIEW_URI, mimeType: RESOURCE_MIME_TYPE })]);
    const { contents } = await client.readResource({ uri: SUM_VIEW_URI });
    expect(contents).toHaveLength(1);
    const [content] = contents;
    expect(content).toMatchObject({
      uri: SUM_VIEW_URI,
      mimeType: RESOURCE_MIME_TYPE,
      _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
    });
    const html = content && 'text' in content ? content.text : '';
    expect(html.startsWith('<!doctype html>')).toBe(true);
    for (const method of [
      'ui/initialize',
      'ui/notifications/initialized',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
      'tools/call',
      'ui/notifications/size-changed',
    ])
      expect(html).toContain(method);
  });

  it('refuses a resource it does not have with InvalidParams', async () => {
    await expect((await connect(mode)).readResource({ uri: 'ui://sum-view/other.html' })).rejects.toMatchObject({ code: -32602 });
  });

  it('adds: the text for the model, the sum as structuredContent the client checked against the outputSchema', async () => {
    const client = await connect(mode);
    await client.listTools();
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(readTextBlocks(result)).toEqual(['Result: 12']);
    expect(result.structuredContent).toEqual({ sum: 12 });
  });

  it('declares tools and resources, and no prompts it does not have', async () => {
    const capabilities = (await connect(mode)).getServerCapabilities();
    expect(capabilities).toMatchObject({ tools: {}, resources: {} });
    expect(capabilities?.prompts).toBeUndefined();
    expect(capabilities?.tools?.listChanged).toBeUndefined();
  });
});
