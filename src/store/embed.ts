import { useExplorerStore } from './explorer-store.ts';

/**
 * The embeddable lesson view (?embed=1, for an iframe in slides or a course page). The
 * server lets any site frame it (server/node/security-headers.ts), so it offers nothing
 * a framing page could trick the learner into: the built-in server and the mock model
 * only (no remembered key or MCP server headers are used), and no settings or files.
 * Whether an address asks for it is `readEmbedFlag` (src/trace/embed-view.ts).
 */
export function applyEmbedSettings(): void {
  const { model } = useExplorerStore.getState();
  useExplorerStore.setState({ model: { ...model, kind: 'mock', mcpServerUrl: null, mcpHeaders: [], mcpRoots: [] }, apiKeys: {} });
}
