import path from 'node:path';
import { folderOf } from './folder-graph.js';
import { findRefusedModule, LAYERS, listLayerEntries } from './layers.js';

/**
 * Fails an import that leaves a layer for one the layer table (layers.js) does not list,
 * or for a module of it past its entry file (index.ts, or one of the table's `entries`: a
 * deep import, which `eslint --fix` turns into one of the entry file), or names a module
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
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = folderOf(file);
    if (!from) return {};
    if (!LAYERS[from]) {
      return {
        Program(node) {
          context.report({ node, message: `${from} is not in the layer table: add it to eslint-rules/layers.js with what it may import and where it runs (DEVELOPERS.md, "Layers").` });
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
      const target = path.relative(root, path.resolve(path.dirname(context.filename), specifier)).split(path.sep).join('/');
      const to = folderOf(target);
      if (!to || to === from) return;
      if (!allowed.includes(to)) {
        const may = allowed.length === 0 ? 'no other layer' : allowed.join(', ');
        context.report({ node, message: `${from} imports ${to}, which the layer table does not allow: ${from} may import ${may} (eslint-rules/layers.js). Move what both need into a layer both may import (src/trace, server/shared), or pass it in from the layer that uses both.` });
        return;
      }
      if (listLayerEntries(to).includes(target.slice(to.length + 1))) return;
      const entry = path.relative(path.dirname(context.filename), path.join(root, to, 'index.ts')).split(path.sep).join('/');
      const entrySpecifier = entry.startsWith('.') ? entry : `./${entry}`;
      context.report({
        node,
        message: `${from} imports ${target}, past ${to}'s entry file: import it from ${to}/index.ts (${entrySpecifier}), which re-exports what the other layers use; add an export there if it is missing (eslint-rules/layers.js, DEVELOPERS.md "Layers").`,
        ...(source?.type === 'Literal' ? { fix: (fixer) => fixer.replaceText(source, `${source.raw[0]}${entrySpecifier}${source.raw[0]}`) } : {}),
      });
    };
    const checkSource = (node, source) => {
      if (source?.type === 'Literal' && typeof source.value === 'string') return checkSpecifier(node, source.value, source);
      if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) return checkSpecifier(node, source.quasis[0].value.cooked, source);
      // Node's own code may load a module it computes (the CLI's paths); elsewhere the walls must see every module.
      if (source && LAYERS[from].runs !== 'node') context.report({ node, message: `${from} imports a module named by an expression, which no check can follow: write the module's name out.` });
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
