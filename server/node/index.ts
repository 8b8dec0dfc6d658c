/**
 * server/node's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of server/node not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './loopback-redirect.ts';
export * from './network-flags.ts';
export * from './parse-stdio-command.ts';
export * from './read-lines.ts';
export * from './serve.ts';
export * from './stdio-process.ts';
