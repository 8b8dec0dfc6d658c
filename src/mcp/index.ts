/**
 * src/mcp's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/mcp not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './authorization/build-requests.ts';
export * from './authorization/check-answers.ts';
export * from './authorization/client-assertion.ts';
export * from './authorization/client-metadata-url.ts';
export * from './authorization/create-state.ts';
export * from './authorization/metadata-urls.ts';
export * from './authorization/oauth-schemas.ts';
export * from './authorization/read-challenge.ts';
export * from './exchange-bounds.ts';
export * from './format-curl.ts';
export * from './link-signals.ts';
export * from './recording-fetch.ts';
