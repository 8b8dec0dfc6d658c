import type { GetPromptResult, Prompt, ReadResourceResult, Resource, Server, ServerCapabilities } from '@modelcontextprotocol/server';

/**
 * Prompts and resources besides the tools (the toolbox has both, /mcp/apps a view's resource);
 * each answer comes from the catalog as it is. A catalog without prompts declares none.
 */
export type ServerCatalog = {
  prompts?: { list: Prompt[]; get: (name: string, values: Record<string, string> | undefined) => GetPromptResult };
  resources: Resource[];
  readResource: (uri: string) => ReadResourceResult;
  /** The tool list may change while the server runs (the toolbox's unlockable tool): tools.listChanged is declared. */
  toolsChange?: true;
};

export function describeCatalogCapabilities(catalog: ServerCatalog): ServerCapabilities {
  return { tools: catalog.toolsChange ? { listChanged: true } : {}, ...(catalog.prompts ? { prompts: {} } : {}), resources: {} };
}

export function serveCatalog(server: Server, catalog: ServerCatalog): void {
  const { prompts } = catalog;
  if (prompts) {
    server.setRequestHandler('prompts/list', () => ({ prompts: prompts.list }));
    server.setRequestHandler('prompts/get', (request) => prompts.get(request.params.name, request.params.arguments));
  }
  server.setRequestHandler('resources/list', () => ({ resources: catalog.resources }));
  server.setRequestHandler('resources/read', (request) => catalog.readResource(request.params.uri));
}
