/**
 * src/lifecycle's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/lifecycle not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export type * from './app-view-host.ts';
export * from './format-trace-text.ts';
export * from './mcp-headers.ts';
export type * from './prompt-start.ts';
export type * from './provider-call.ts';
export * from './question-step.ts';
export * from './roots.ts';
export * from './run-context.ts';
export * from './scenario-options.ts';
export * from './server-requests.ts';
export type * from './tab-model.ts';
export * from './timeouts.ts';
export type * from './trace-writer.ts';
