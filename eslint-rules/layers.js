import { builtinModules } from 'node:module';

/**
 * The layers and what each may import: the one table behind the layer lint rules
 * (eslint.config.js derives them from it) and DEVELOPERS.md "Layers". A layer is a folder
 * `src/<name>` or `server/<name>` (folderOf in folder-graph.js); `src` and `server` are the
 * files at their top. An import between two layers not listed here fails lint, type-only
 * imports and import() too; a folder not in the table fails until it is placed here.
 *
 * `runs` says where a layer's code runs, which decides the modules and globals it may use:
 * - `everywhere`: the page, the Service Worker and Node (the pure layers);
 * - `web-standard`: the Service Worker and Node (the server the static site carries);
 * - `page`: the browser (the Service Worker's own file included);
 * - `node`: Node only.
 * The compiler holds the same walls where types can (tsconfig.web-standard.json, tsconfig.page.json).
 *
 * Another layer reaches a layer only through its entry file, `index.ts`, as a package is
 * reached through its own (@xyflow/system, say): what it re-exports is the layer's surface,
 * and the rest is the layer's own. `entries` names the few modules reached on their own
 * besides: a chunk the page loads when first used (an import() of index.ts would load every
 * module it re-exports), or a module imported for its effect. A module re-exported from
 * index.ts is bundled only where its exports are used: package.json's `sideEffects` names
 * the few files that do something when imported (DEVELOPERS.md, "Layers").
 */
export const LAYERS = {
  // The page and the Service Worker import zod-without-eval.ts first, for its effect (zod's setting), before any schema runs.
  'src/trace': { runs: 'everywhere', imports: [], entries: ['zod-without-eval.ts'] },
  'src/mcp': { runs: 'everywhere', imports: ['src/trace'] },
  'src/providers': {
    runs: 'everywhere',
    imports: ['src/trace'],
    // The model in the tab's reader and template load when a learner opens a GGUF file.
    entries: [
      'chat-template/read-gguf-metadata.ts',
      'chat-template/tokenize-prompt.ts',
      'chat-template/template-family.ts',
      'chat-template/chat-template-adapter.ts',
    ],
  },
  // The step words and the missing steps' table load when first used.
  'src/content': { runs: 'everywhere', imports: ['src/trace'], entries: ['step-words-module.ts', 'missing-steps.ts'] },
  'src/export': { runs: 'everywhere', imports: ['src/trace'], entries: ['export-formats.ts'] },
  'src/lifecycle': {
    runs: 'everywhere',
    imports: ['src/mcp', 'src/providers', 'src/content', 'src/trace'],
    // The engine (with the MCP SDK client), a trace file's reader and the offerings' client load when first used.
    entries: ['engine.ts', 'import-trace.ts', 'list-server-offerings.ts'],
  },
  'src/service-worker': { runs: 'page', imports: ['server/http', 'src/trace'], entries: ['register-service-worker.ts'] },
  'src/store': {
    runs: 'page',
    imports: ['src/service-worker', 'src/lifecycle', 'src/mcp', 'src/providers', 'src/content', 'src/export', 'src/trace'],
    // The model in the tab's state imports the wllama runner, whose WebAssembly only the bundler can load (`?url`): outside the
    // entry file, Node's code that loads the store's (the build's shell first step) does not load it.
    entries: ['tab-model/tab-model-state.ts'],
  },
  'src/ui': {
    runs: 'page',
    imports: ['src/store', 'src/service-worker', 'src/lifecycle', 'src/mcp', 'src/providers', 'src/content', 'src/export', 'src/trace'],
  },
  src: { runs: 'page', imports: ['src/ui', 'src/store', 'src/service-worker', 'src/trace'] },
  'server/shared': { runs: 'web-standard', imports: ['src/trace'] },
  'server/mcp': { runs: 'web-standard', imports: ['server/shared', 'src/trace'] },
  'server/mock-model': { runs: 'web-standard', imports: ['server/shared', 'src/trace'] },
  'server/authorization': { runs: 'web-standard', imports: ['server/shared', 'src/trace'] },
  'server/http': { runs: 'web-standard', imports: ['server/mcp', 'server/mock-model', 'server/authorization', 'server/shared', 'src/trace'] },
  'server/node': { runs: 'node', imports: ['server/http', 'server/mcp', 'server/mock-model', 'server/authorization', 'server/shared', 'src/trace'] },
  // The CLI drives the engine, as the store does.
  'server/cli': {
    runs: 'node',
    imports: [
      'server/node',
      'server/http',
      'server/mcp',
      'server/mock-model',
      'server/authorization',
      'server/shared',
      'src/lifecycle',
      'src/mcp',
      'src/providers',
      'src/content',
      'src/export',
      'src/trace',
    ],
  },
  server: { runs: 'node', imports: ['server/http', 'server/shared', 'src/trace'] },
};

const NODE_MODULES = [...builtinModules, '@modelcontextprotocol/node'];
const VIEW_MODULES = ['react', 'react-dom', 'zustand', '@xyflow/react', '@xyflow/system', 'react-json-view-lite'];

/** What each kind of layer may not import, with why: a package name matches its subpaths too (`react/jsx-runtime`, `fs/promises`). */
export const MODULES_REFUSED = {
  everywhere: [
    {
      modules: NODE_MODULES,
      why: 'The pure layers also run in the page and the Service Worker: no Node modules. Node-only code goes in server/node or server/cli.',
    },
    { modules: VIEW_MODULES, why: 'The pure layers import no React, zustand or view library: the store and the UI import them, not the other way round.' },
  ],
  'web-standard': [
    { modules: NODE_MODULES, why: 'This server also runs in the Service Worker: web-standard APIs only. Node-only code goes in server/node or server/cli.' },
    { modules: VIEW_MODULES, why: 'The server runs without the page: no React, zustand or view library.' },
  ],
  page: [{ modules: NODE_MODULES, why: 'The page has no Node: no Node modules. What it needs from the server it asks for over HTTP.' }],
  node: [{ modules: VIEW_MODULES, why: 'The server runs without the page: no React, zustand or view library.' }],
};

/** Node's globals, which neither the page nor the web-standard code has. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate', 'clearImmediate'];
/** A page's globals and a worker's own (TypeScript's WebWorker library, which tsconfig.web-standard.json uses, declares the latter). */
const BROWSER_GLOBALS = [
  'document',
  'window',
  'self',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'history',
  'alert',
  'importScripts',
  'postMessage',
  'close',
  'name',
  'origin',
  'caches',
  'indexedDB',
  'addEventListener',
  'removeEventListener',
  'onmessage',
  'onerror',
];

/** The host globals each kind of layer may not name, bare or as a property of `globalThis`. */
export const GLOBALS_REFUSED = {
  everywhere: {
    names: [...BROWSER_GLOBALS, ...NODE_GLOBALS],
    why: 'is a host global: the pure layers run in the page, the Service Worker and Node alike. Take what you need as a parameter.',
  },
  'web-standard': {
    names: [...BROWSER_GLOBALS, ...NODE_GLOBALS],
    why: 'is a host global: this server runs in the Service Worker and in Node alike. Take what you need as a parameter.',
  },
  page: { names: NODE_GLOBALS, why: 'is a Node global: the page has no Node.' },
  node: { names: [], why: '' },
};

/** The files of a layer that the other layers may import, relative to its folder: its entry file, and the modules it loads on first use (`entries`). */
export function listLayerEntries(layer) {
  return ['index.ts', ...(LAYERS[layer].entries ?? [])];
}

/** The ESLint `files` patterns of a layer's own files (the tests beside them are left to the test rules). */
export function listLayerFiles(layer) {
  return layer === 'src' || layer === 'server' ? [`${layer}/*.ts`, `${layer}/*.tsx`] : [`${layer}/**`];
}

/** The module a specifier names, when it names a package or a Node built-in: `react` for `react/jsx-runtime`, `@xyflow/react` for `@xyflow/react/dist/x`. */
function readPackageName(specifier) {
  const parts = specifier.replace(/^node:/, '').split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Why `layer` may not import the package or built-in `specifier`, or null when it may. */
export function findRefusedModule(layer, specifier) {
  if (specifier.startsWith('node:')) return MODULES_REFUSED[LAYERS[layer].runs].find(({ modules }) => modules === NODE_MODULES)?.why ?? null;
  const name = readPackageName(specifier);
  return MODULES_REFUSED[LAYERS[layer].runs].find(({ modules }) => modules.includes(name) || modules.includes(specifier))?.why ?? null;
}
