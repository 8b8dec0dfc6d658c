import fs from 'node:fs';
import path from 'node:path';
import { folderOf } from './folder-graph.js';
import { findRefusedModule, LAYERS, listLayerEntries } from './layers.js';

/** How an import uses its module: its values, only its types, on first use (import()), or only for its effect (`import './x.ts'`). */
function readImportKind(node) {
  if (node.type === 'ImportExpression') return 'first-use';
  if (node.type === 'TSImportType' || node.importKind === 'type' || node.exportKind === 'type') return 'type';
  if (node.type === 'ImportDeclaration' && node.specifiers.length === 0) return 'effect';
  const specifiers = node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' ? node.specifiers : [];
  if (specifiers.length > 0 && specifiers.every((specifier) => (specifier.importKind ?? specifier.exportKind) === 'type')) return 'type';
  return 'value';
}

const ENTRY_EXPORT = /^export (type )?(?:\*|\{[^}]*\})(?: as \w+)? from '\.\/([^']+)';$/gm;

/** The modules a layer's entry file re-exports, each with whether only its types are: read from disk each time, so it is never stale in an editor. */
export function readEntryExports(root, layer) {
  const exported = new Map();
  const file = path.join(root, layer, 'index.ts');
  if (!fs.existsSync(file)) return exported;
  const text = fs.readFileSync(file, 'utf8');
  for (const [, typeOnly, module] of text.matchAll(ENTRY_EXPORT)) if (exported.get(module) !== 'value') exported.set(module, typeOnly ? 'type' : 'value');
  return exported;
}

/**
 * Fails an import that leaves a layer for one the layer table (layers.js) does not list,
 * or for a module of it past its entry file (index.ts, or one of the table's `entries`: a
 * deep import, which `eslint --fix` turns into one of the entry file when it re-exports the module;
 * scripts/route-imports-through-entries.ts adds the re-exports first), or names a module
 * the layer's host does not have. Every way a module is named counts:
 * `import`, `import type`, `export … from`, `import()` (its module must be written out, or
 * it cannot be checked), `typeof import('…')`, `import x = require('…')` and `require('…')`.
 */
export const layerImports = {
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: { description: 'Forbid imports the layer table (eslint-rules/layers.js) does not allow.' },
    schema: [],
    // scripts/route-imports-through-entries.ts reads these ids and the message's first words: keep them as they are.
    messages: {
      throughEntry: `{{from}} imports {{target}}, past {{to}}'s entry file: import it from {{to}}/index.ts ({{entrySpecifier}}), which re-exports it (eslint-rules/layers.js, DEVELOPERS.md "Layers").`,
      missingValueExport: `{{from}} imports {{target}}, past {{to}}'s entry file, which does not re-export it: add \`export * from './{{module}}';\` to {{to}}/index.ts and import it from there (npx tsx scripts/route-imports-through-entries.ts does both).`,
      missingTypeExport: `{{from}} imports {{target}}, past {{to}}'s entry file, which does not re-export it: add \`export type * from './{{module}}';\` to {{to}}/index.ts and import it from there (npx tsx scripts/route-imports-through-entries.ts does both).`,
      ownEntry: `{{from}} imports {{target}}, past {{to}}'s entry file, for its effect or on first use (import()): name {{module}} in {{to}}'s entries in eslint-rules/layers.js, the modules reached on their own.`,
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = folderOf(file);
    if (!from) return {};
    if (!LAYERS[from]) {
      return {
        Program(node) {
          context.report({
            node,
            message: `${from} is not in the layer table: add it to eslint-rules/layers.js with what it may import and where it runs (DEVELOPERS.md, "Layers").`,
          });
        },
      };
    }
    const allowed = LAYERS[from].imports;
    const checkSpecifier = (node, specifier, source) => {
      if (!specifier.startsWith('.')) {
        const why = findRefusedModule(from, specifier);
        if (why) context.report({ node, message: `${from} imports ${specifier}. ${why}` });
        return;
      }
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), specifier))
        .split(path.sep)
        .join('/');
      const to = folderOf(target);
      if (!to || to === from) return;
      if (!allowed.includes(to)) {
        const may = allowed.length === 0 ? 'no other layer' : allowed.join(', ');
        context.report({
          node,
          message: `${from} imports ${to}, which the layer table does not allow: ${from} may import ${may} (eslint-rules/layers.js). Move what both need into a layer both may import (src/trace, server/shared), or pass it in from the layer that uses both.`,
        });
        return;
      }
      const module = target.slice(to.length + 1);
      if (listLayerEntries(to).includes(module)) return;
      const entry = path
        .relative(path.dirname(context.filename), path.join(root, to, 'index.ts'))
        .split(path.sep)
        .join('/');
      const entrySpecifier = entry.startsWith('.') ? entry : `./${entry}`;
      const data = { from, target, to, entrySpecifier, module };
      const kind = readImportKind(node);
      // import() and a bare import keep their module: the one is a chunk loaded on first use, the other runs for its effect.
      if (kind === 'first-use' || kind === 'effect') return context.report({ node, messageId: 'ownEntry', data });
      const reExported = readEntryExports(root, to).get(module);
      if (!reExported || (reExported === 'type' && kind === 'value'))
        return context.report({ node, messageId: kind === 'type' ? 'missingTypeExport' : 'missingValueExport', data });
      context.report({
        node,
        messageId: 'throughEntry',
        data,
        ...(source?.type === 'Literal' ? { fix: (fixer) => fixer.replaceText(source, `${source.raw[0]}${entrySpecifier}${source.raw[0]}`) } : {}),
      });
    };
    const checkSource = (node, source) => {
      if (source?.type === 'Literal' && typeof source.value === 'string') return checkSpecifier(node, source.value, source);
      if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) return checkSpecifier(node, source.quasis[0].value.cooked, source);
      // Node's own code may load a module it computes (the CLI's paths); elsewhere the walls must see every module.
      if (source && LAYERS[from].runs !== 'node')
        context.report({ node, message: `${from} imports a module named by an expression, which no check can follow: write the module's name out.` });
    };
    return {
      ImportDeclaration: (node) => checkSource(node, node.source),
      ExportNamedDeclaration: (node) => node.source && checkSource(node, node.source),
      ExportAllDeclaration: (node) => checkSource(node, node.source),
      ImportExpression: (node) => checkSource(node, node.source),
      // typescript-eslint 8 names it `source`; earlier versions `argument.literal`.
      TSImportType: (node) => checkSource(node, node.source ?? node.argument?.literal),
      TSExternalModuleReference: (node) => checkSource(node, node.expression),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') checkSource(node, node.arguments[0]);
      },
    };
  },
};
