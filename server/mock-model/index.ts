/**
 * server/mock-model's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/mock-model not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './mock-routes.ts';
export type * from './provider-mcp-client.ts';
export type * from './serve-mock-endpoint.ts';
