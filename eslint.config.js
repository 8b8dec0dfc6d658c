import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noFolderCycles } from './eslint-rules/no-folder-cycles.js';
import { layerImports } from './eslint-rules/layer-imports.js';
import { GLOBALS_REFUSED, LAYERS, listLayerFiles } from './eslint-rules/layers.js';
import TEST_FILES from './tests/setup/test-files.json' with { type: 'json' };

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts'];
/**
 * The layer walls, derived from the one table in eslint-rules/layers.js: which layer may
 * import which (local/layer-imports, import() and type-only imports included), and the
 * host globals each may not name, bare or as a property of globalThis (`globalThis.process`;
 * `self` and `window` are refused whole where they are refused). The tests beside a
 * layer's files are not the layer: they may use Node and reach across to set a run up.
 */
const layerHostRules = Object.entries(LAYERS).map(([layer, { runs }]) => {
  const { names, why } = GLOBALS_REFUSED[runs];
  return {
    files: listLayerFiles(layer),
    ignores: TESTS,
    rules: {
      'no-restricted-globals': ['error', ...names.map((name) => ({ name, message: `${name} ${why}` }))],
      'no-restricted-properties': ['error', ...names.map((property) => ({ object: 'globalThis', property, message: `globalThis.${property} ${why}` }))],
    },
  };
});
const viewAndPageImports = [
  { group: ['react', 'react-dom', 'react-dom/*', 'react/*'], message: 'The pure layers (trace, lifecycle, mcp, providers, content) must not import React.' },
  { group: ['zustand', 'zustand/*'], message: 'The pure layers must not import zustand: the store imports them, not the other way round.' },
  { group: ['@xyflow/*', 'react-json-view-lite'], message: 'The pure layers must not import view libraries.' },
  {
    group: ['**/ui/**', '**/store/**', '../ui', '../store', '**/service-worker/**', '../service-worker'],
    message: 'The pure layers must not import the store, the UI or the Service Worker.',
  },
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
const navigationMessage =
  'Open, navigate and link only through src/ui/open-gated-url.tsx, which takes a GatedUrl (passUrlGate in src/trace/url-gate.ts): an address from outside may be javascript:.';
const navigationSyntax = [
  "CallExpression[callee.type='MemberExpression'][callee.property.name='open'][callee.object.name=/^(window|globalThis|self|top|parent|opener)$/]",
  "CallExpression[callee.type='Identifier'][callee.name='open']",
  "CallExpression[callee.property.name=/^(assign|replace)$/][callee.object.name='location']",
  "CallExpression[callee.property.name=/^(assign|replace)$/][callee.object.property.name='location']",
  'AssignmentExpression[left.property.name=/^(href|location)$/]',
  "AssignmentExpression[left.name='location']",
  'JSXOpeningElement[name.name=/^(a|area|iframe|frame|embed|object|form|base)$/] > JSXAttribute[name.name=/^(href|src|data|action)$/] > JSXExpressionContainer',
].map((selector) => ({ selector, message: navigationMessage }));
// Files under 300 lines and functions under 80 (DEVELOPERS.md, "How we write code"): a longer one is split, or says why
// beside it in an eslint-disable comment with a reason; only a data table may be long. Lines are counted as written,
// comments and blank lines included (as the issue that set the limits counted them).
const sizeRules = { 'max-lines': ['error', { max: 300 }], 'max-lines-per-function': ['error', { max: 80 }] };
// The page's policy lets a blob: URL be a worker (worker-src blob:, for the model in the tab: SECURITY.md), so text a
// module turned into a worker would run. Only the policy check starts one, from a constant; wllama starts its own.
const WORKER_FILES = ['src/store/tab-model/check-page-policy.ts'];
const workerSyntax = {
  selector: 'NewExpression[callee.name=/^(Worker|SharedWorker)$/]',
  message: 'The policy allows blob: workers for the model in the tab only (SECURITY.md): start no worker here, least of all from text that came from outside.',
};
const localRules = { plugins: { local: { rules: { 'no-folder-cycles': noFolderCycles, 'layer-imports': layerImports } } } };

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
      // One import per module and kind: `npx tsx scripts/merge-duplicate-imports.ts <file>…` merges them.
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-restricted-syntax': ['error', innerHtmlSyntax],
    },
  },
  {
    ...localRules,
    files: ['src/**', 'server/**'],
    rules: { 'local/no-folder-cycles': 'error', 'no-restricted-syntax': ['error', innerHtmlSyntax, ...navigationSyntax, workerSyntax] },
  },
  {
    ...localRules,
    files: ['src/**', 'server/**'],
    ignores: TESTS,
    rules: { 'local/layer-imports': 'error' },
  },
  ...layerHostRules,
  {
    files: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: viewAndPageImports }] },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/ui/**', '**/src/store/**', 'react', 'react-dom', 'zustand'], message: 'The server must not import the UI, the store or React.' },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES.all,
    ignores: TEST_FILES.isolated,
    rules: { 'no-restricted-syntax': ['error', innerHtmlSyntax, ...leakingVitestCalls] },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', htmlFromDataSyntax, innerHtmlSyntax, ...navigationSyntax, workerSyntax],
    },
  },
  { files: ['src/**', 'server/**'], ignores: TESTS, rules: sizeRules },
  {
    files: NAVIGATING_FILES,
    rules: { 'no-restricted-syntax': ['error', htmlFromDataSyntax, innerHtmlSyntax, workerSyntax] },
  },
  {
    files: WORKER_FILES,
    rules: { 'no-restricted-syntax': ['error', htmlFromDataSyntax, innerHtmlSyntax, ...navigationSyntax] },
  },
);
