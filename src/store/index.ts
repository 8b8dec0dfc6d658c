/**
 * src/store's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/store not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './actions.ts';
export * from './app-view-store.ts';
export * from './deep-link.ts';
export * from './embed.ts';
export * from './era-twins.ts';
export * from './explorer-store.ts';
export * from './lesson-store.ts';
export * from './link-opening.ts';
export * from './link-refusals.ts';
export * from './model-settings.ts';
export * from './run-controller.ts';
export * from './save-blob.ts';
export * from './server-offerings.ts';
export * from './sign-in-window.ts';
export * from './topology-twin-runs.ts';
export * from './view-preferences.ts';
