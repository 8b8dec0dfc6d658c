/**
 * src/ui's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/ui not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './app.tsx';
export * from './graph/load-lifecycle-graph.ts';
export * from './wait-for-first-step.ts';
export * from './wait-for-stylesheets.ts';
