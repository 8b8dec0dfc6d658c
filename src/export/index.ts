/**
 * src/export's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/export not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './sequence-layout.ts';
