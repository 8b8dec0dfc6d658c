/**
 * server/shared's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/shared not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './json-nesting.ts';
export * from './json-response.ts';
export * from './read-bounded-body.ts';
