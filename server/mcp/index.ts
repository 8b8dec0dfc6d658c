/**
 * server/mcp's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/mcp not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './apps/apps-server.ts';
export * from './conformance/create-conformance-server.ts';
export * from './create-mcp-server.ts';
export * from './in-flight-calls.ts';
export * from './run-key.ts';
export * from './tasks/task-store.ts';
export * from './tool-list-cache.ts';
export * from './tool-registry.ts';
export * from './toolbox/create-toolbox.ts';
export * from './tools-by-endpoint.ts';
export * from './tools/reach-back-tools.ts';
