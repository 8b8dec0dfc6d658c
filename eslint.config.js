import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The pure layers: no React, no zustand, no view code (DESIGN.md, direction of imports). */
const pureLayerRestrictions = {
  patterns: [
    { group: ['react', 'react-dom', 'react-dom/*', 'react/*'], message: 'The pure layers (lifecycle, mcp, providers, content) must not import React.' },
    { group: ['zustand', 'zustand/*'], message: 'The pure layers must not import zustand: the store imports them, not the other way round.' },
    { group: ['@xyflow/*', 'react-json-view-lite'], message: 'The pure layers must not import view libraries.' },
    { group: ['**/ui/**', '**/store/**', '../ui', '../store'], message: 'The pure layers must not import the store or the UI.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'dist-static', 'node_modules', 'test-results', 'playwright-report', 'coverage', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
      eqeqeq: ['error', 'always'],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='innerHTML']", message: 'Render untrusted data as text, never as HTML.' }],
    },
  },
  {
    files: ['src/lifecycle/**', 'src/mcp/**', 'src/providers/**', 'src/content/**'],
    rules: { 'no-restricted-imports': ['error', pureLayerRestrictions] },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/ui/**', '**/src/store/**', 'react', 'react-dom', 'zustand'], message: 'The server must not import the UI, the store or React.' }] }],
    },
  },
  {
    // The MCP server and the HTTP app must also run in a Service Worker: web-standard APIs only.
    files: ['server/mcp/**', 'server/http/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/ui/**', '**/src/store/**', 'react', 'react-dom', 'zustand'], message: 'The server must not import the UI, the store or React.' },
        { group: ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'os', 'crypto', 'stream', 'zlib', 'child_process', '@modelcontextprotocol/node'], message: 'server/mcp and server/http run in a Service Worker too: use web-standard APIs; Node-only code goes in server/node or server/cli.' },
      ] }],
    },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render untrusted data as text, never as HTML.' },
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Render untrusted data as text, never as HTML.' },
      ],
    },
  },
);
