import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { APP_VIEW_MIME_TYPE, LEGACY_RESOURCE_URI_KEY, SUM_VIEW_URI } from '../../../src/trace/index.ts';
import type { ServerCatalog } from '../server-catalog.ts';
import { createToolRegistry, defineTool, type ToolRegistry } from '../tool-registry.ts';
import { SUM_VIEW_HTML } from './sum-view-html.ts';

/**
 * /mcp/apps: the article's add_numbers with a view (MCP Apps, SEP-1865). The tool's `_meta.ui`
 * names a `ui://` resource, an HTML page a host with a screen renders in a sandboxed frame
 * and speaks to over postMessage; the model is told the tool alone. The result carries the
 * sum twice: as text for the model, and as structuredContent for the view. The server offers
 * the view to every client, as the official examples do: a host without a screen (the CLI)
 * simply does not render it, and the text result stands on its own.
 */

/** The view's own `_meta.ui`: no network and no device, a border around it. */
const SUM_VIEW_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

export const addNumbersWithView = defineTool({
  name: 'add_numbers',
  description: 'Adds two numbers',
  input: z.strictObject({
    a: z.number().describe('The first number'),
    b: z.number().describe('The second number'),
  }),
  output: z.strictObject({ sum: z.number().describe('a + b') }),
  // Both spellings of the view's URI, as the official SDK's registerAppTool writes them: older hosts read the flat key.
  meta: { ui: { resourceUri: SUM_VIEW_URI, visibility: ['model', 'app'] }, [LEGACY_RESOURCE_URI_KEY]: SUM_VIEW_URI },
  handler: ({ a, b }) => a + b,
  present: (sum) => ({ content: [{ type: 'text', text: `Result: ${sum}` }], structuredContent: { sum } }),
});

const sumViewResource: Resource = {
  uri: SUM_VIEW_URI,
  name: 'sum-view',
  title: 'The sum, as a view',
  description: 'A view of add_numbers: the two numbers and their sum, which the user can change and add again from the view',
  mimeType: APP_VIEW_MIME_TYPE,
  _meta: SUM_VIEW_META,
};

function readAppsResource(uri: string): ReadResourceResult {
  if (uri === SUM_VIEW_URI) return { contents: [{ uri, mimeType: APP_VIEW_MIME_TYPE, text: SUM_VIEW_HTML, _meta: SUM_VIEW_META }] };
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found. The resource here is ${SUM_VIEW_URI}.`, { uri });
}

export function createAppsServer(): { registry: ToolRegistry; catalog: ServerCatalog } {
  return {
    registry: createToolRegistry([addNumbersWithView]),
    catalog: { resources: [sumViewResource], readResource: readAppsResource },
  };
}
