/**
 * server/http's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/http not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './create-app.ts';
export * from './json-rpc-body.ts';
export * from './json-rpc-errors.ts';
export * from './request-guards.ts';
export type * from './session-limits.ts';
