/**
 * src/providers's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/providers not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './chat-template/tab-model-request.ts';
export * from './compare-translations.ts';
export * from './interrupted-reply.ts';
export * from './is-plain-object.ts';
export * from './join-provider-url.ts';
export * from './provider-mcp/provider-mcp-adapters.ts';
export * from './replay-stream.ts';
export * from './sampling/translate-sampling-reply.ts';
export * from './sampling/translate-sampling-request.ts';
export * from './stream-frames.ts';
export type * from './stream-reader.ts';
export * from './translate-tool-call.ts';
export * from './types.ts';
export * from './wire-adapters.ts';
export * from './wire-catalog.ts';
export * from './wire-streams.ts';
