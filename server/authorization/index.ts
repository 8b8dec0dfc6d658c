/**
 * server/authorization's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/authorization not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './create-authorization-sandbox.ts';
