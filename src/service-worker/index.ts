/**
 * src/service-worker's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/service-worker not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './app-base-url.ts';
export * from './worker-status.ts';
