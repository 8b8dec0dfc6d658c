import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noFolderCycles } from './eslint-rules/no-folder-cycles.js';
import TEST_FILES from './tests/setup/test-files.json' with { type: 'json' };

/**
 * The pure layers (DEVELOPERS.md, "Layers"): they run in the page, in the Service Worker and
 * in Node alike, so they import no view code, no Node, no server, and name no host globals.
 */
const PURE_LAYERS = ['src/trace', 'src/lifecycle', 'src/providers', 'src/mcp', 'src/content', 'src/export'];
const viewAndHostImports = [
  { group: ['react', 'react-dom', 'react-dom/*', 'react/*'], message: 'The pure layers (trace, lifecycle, mcp, providers, content) must not import React.' },
  { group: ['zustand', 'zustand/*'], message: 'The pure layers must not import zustand: the store imports them, not the other way round.' },
  { group: ['@xyflow/*', 'react-json-view-lite'], message: 'The pure layers must not import view libraries.' },
  { group: ['**/ui/**', '**/store/**', '../ui', '../store', '**/service-worker/**', '../service-worker'], message: 'The pure layers must not import the store, the UI or the Service Worker.' },
  { group: ['**/server/**', '../server'], message: 'The pure layers must not import server code: the server imports them.' },
  { group: ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'os', 'crypto', 'stream', 'zlib', 'child_process', '@modelcontextprotocol/node'], message: 'The pure layers also run in the browser: no Node modules. Node-only code goes in server/node or server/cli.' },
];
const engineImports = { group: ['**/lifecycle/**', '../lifecycle', '../../lifecycle'], message: 'Only the store and the CLI drive the engine: trace, providers, mcp and content sit below src/lifecycle.' };
const lowerLayerImports = { group: ['**/providers/**', '**/mcp/**', '**/content/**', '../providers', '../mcp', '../content'], message: 'src/trace is the bottom layer: it imports no other layer.' };
const exportLayerImports = { group: ['**/lifecycle/**', '**/providers/**', '**/mcp/**', '**/content/**', '../lifecycle', '../providers', '../mcp', '../content'], message: 'src/export translates a Trace: it imports only src/trace, so the CLI and the page can load it without the engine.' };
const hostGlobals = ['document', 'window', 'localStorage', 'sessionStorage', 'navigator', 'location', 'process', 'Buffer', '__dirname', '__filename'].map((name) => ({
  name,
  message: `${name} is a host global: the pure layers run in the page, the Service Worker and Node alike. Take what you need as a parameter.`,
}));
const webStandardImports = [
  { group: ['**/src/ui/**', '**/src/store/**', 'react', 'react-dom', 'zustand'], message: 'The server must not import the UI, the store or React.' },
  { group: ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'os', 'crypto', 'stream', 'zlib', 'child_process', '@modelcontextprotocol/node'], message: 'server/mcp, server/http and server/shared run in a Service Worker too: use web-standard APIs; Node-only code goes in server/node or server/cli.' },
];
// vitest.config.ts runs these test files with their worker's modules shared: a call that changes what
// the next file sees (a module mock, a stubbed global, fake timers, a spy) belongs in an isolated file.
const leakingVitestCalls = ['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers', 'spyOn'].map((name) => ({
  selector: `CallExpression[callee.object.name='vi'][callee.property.name='${name}']`,
  message: `vi.${name} leaks into the test files that share this worker. Name this file under isolated in tests/setup/test-files.json, which gives it a process of its own.`,
}));
const innerHtmlSyntax = { selector: "MemberExpression[property.name='innerHTML']", message: 'Render untrusted data as text, never as HTML.' };
const htmlFromDataSyntax = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render untrusted data as text, never as HTML.' };
// The page opens, navigates and links in one module, whose functions take only a GatedUrl (passUrlGate, src/trace/url-gate.ts);
// save-blob.ts links the page's own blob: URLs for downloads. Everywhere else in src/ and server/, these are refused.
const NAVIGATING_FILES = ['src/ui/open-gated-url.tsx', 'src/store/save-blob.ts'];
const navigationMessage = 'Open, navigate and link only through src/ui/open-gated-url.tsx, which takes a GatedUrl (passUrlGate in src/trace/url-gate.ts): an address from outside may be javascript:.';
const navigationSyntax = [
  "CallExpression[callee.type='MemberExpression'][callee.property.name='open'][callee.object.name=/^(window|globalThis|self|top|parent|opener)$/]",
  "CallExpression[callee.type='Identifier'][callee.name='open']",
  "CallExpression[callee.property.name=/^(assign|replace)$/][callee.object.name='location']",
  "CallExpression[callee.property.name=/^(assign|replace)$/][callee.object.property.name='location']",
  "AssignmentExpression[left.property.name=/^(href|location)$/]",
  "AssignmentExpression[left.name='location']",
  'JSXOpeningElement[name.name=/^(a|area|iframe|frame|embed|object|form|base)$/] > JSXAttribute[name.name=/^(href|src|data|action)$/] > JSXExpressionContainer',
].map((selector) => ({ selector, message: navigationMessage }));
const localRules = { plugins: { local: { rules: { 'no-folder-cycles': noFolderCycles } } } };

export default tseslint.config(
  { ignores: ['dist', 'dist-static', 'dist-server', 'node_modules', 'test-results', 'playwright-report', 'coverage', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
      eqeqeq: ['error', 'always'],
      'no-restricted-syntax': ['error', innerHtmlSyntax],
    },
  },
  {
    ...localRules,
    files: ['src/**', 'server/**'],
    rules: { 'local/no-folder-cycles': 'error', 'no-restricted-syntax': ['error', innerHtmlSyntax, ...navigationSyntax] },
  },
  {
    files: PURE_LAYERS.map((layer) => `${layer}/**`),
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: viewAndHostImports }], 'no-restricted-globals': ['error', ...hostGlobals] },
  },
  {
    files: ['src/providers/**', 'src/mcp/**', 'src/content/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...viewAndHostImports, engineImports] }] },
  },
  {
    files: ['src/trace/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...viewAndHostImports, engineImports, lowerLayerImports] }] },
  },
  {
    files: ['src/export/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...viewAndHostImports, exportLayerImports] }] },
  },
  {
    files: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: viewAndHostImports.slice(0, 4) }] },
  },
  {
    files: TEST_FILES.all,
    ignores: TEST_FILES.isolated,
    rules: { 'no-restricted-syntax': ['error', innerHtmlSyntax, ...leakingVitestCalls] },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/ui/**', '**/src/store/**', 'react', 'react-dom', 'zustand'], message: 'The server must not import the UI, the store or React.' }] }],
    },
  },
  {
    // The MCP server and the HTTP app must also run in a Service Worker: web-standard APIs only.
    files: ['server/mcp/**', 'server/http/**', 'server/shared/**', 'server/authorization/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: webStandardImports }], 'no-restricted-globals': ['error', ...hostGlobals.filter(({ name }) => !['navigator', 'location'].includes(name))] },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', htmlFromDataSyntax, innerHtmlSyntax, ...navigationSyntax],
    },
  },
  {
    files: NAVIGATING_FILES,
    rules: { 'no-restricted-syntax': ['error', htmlFromDataSyntax, innerHtmlSyntax] },
  },
);
