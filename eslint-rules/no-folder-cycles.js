import path from 'node:path';
import { buildFolderGraph, findPath, folderOf } from './folder-graph.js';

let cached;

/** Fails an import that closes a cycle between folders (src/<layer>, server/<layer>). */
export const noFolderCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that make two folders depend on each other, directly or through others.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    cached ??= buildFolderGraph(root);
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = folderOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(path.relative(root, path.resolve(path.dirname(context.filename), specifier)).split(path.sep).join('/'));
      if (!to || to === from) return;
      const component = cached.componentOf.get(from);
      if (!component || !component.includes(to)) return;
      const back = findPath(cached.edges, to, from) ?? [];
      context.report({
        node,
        message: `${from} imports ${to}, and ${to} leads back to ${from}: ${back.join(', ')}. Folders must not depend on each other in a circle; move what both need into a lower layer (src/trace, server/shared).`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
