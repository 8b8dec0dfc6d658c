/**
 * src/trace's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/trace not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './app-view-policy.ts';
export * from './authorization-sandbox.ts';
export * from './bridge-frames.ts';
export * from './deprecations.ts';
export * from './depth-bound.ts';
export * from './embed-view.ts';
export * from './escape-markup.ts';
export * from './group-by-round.ts';
export * from './http-header-rules.ts';
export * from './list-cache.ts';
export * from './mcp-apps.ts';
export * from './mock-models.ts';
export * from './oauth-callback-channel.ts';
export * from './provider-mcp.ts';
export * from './provider-rules.ts';
export * from './read-json-schema.ts';
export * from './restore-secrets.ts';
export * from './sandbox-fault-names.ts';
export * from './sandbox-fault-schema.ts';
export * from './secrets.ts';
export * from './server-record-schema.ts';
export * from './server-report.ts';
export * from './steps.ts';
export * from './stop-causes.ts';
export * from './subscriptions.ts';
export * from './tasks-extension.ts';
export * from './terminal-text.ts';
export * from './tool-error-markers.ts';
export * from './trace-context.ts';
export * from './trace.ts';
export * from './url-gate.ts';
export * from './vocabulary.ts';
export * from './zod-without-eval.ts';
