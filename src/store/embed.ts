import { useExplorerStore } from './explorer-store.ts';

/**
 * The embeddable lesson view (?embed=1, for an iframe in slides or a course page). The
 * server lets any site frame it (server/node/framing-headers.ts), so it offers nothing
 * a framing page could trick the learner into: the built-in server and the mock model
 * only (no remembered key or MCP server headers are used), and no settings or files.
 */
export function readEmbedFlag(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}

export function applyEmbedSettings(): void {
  const { model } = useExplorerStore.getState();
  useExplorerStore.setState({ model: { ...model, kind: 'mock', mcpServerUrl: null, mcpHeaders: [], mcpRoots: [] }, apiKeys: {} });
}
