import path from 'node:path';
import { buildFolderGraph, findPath, folderOf, withFileText } from './folder-graph.js';

/**
 * How long one reading of the tree serves later checks in a process that stays up, as an
 * editor's does. A reading costs about 10 ms (every source file's modification time; 30 to
 * 60 ms on a loaded machine), so `npm run lint` reads the tree about once per 2 s of its run.
 */
const READING_LIFETIME_MS = 2_000;
/** The tree as last read, shared by the checks of one lint run. */
let reading = null;

/**
 * The graph for one file's check. A lint run checks each file once, so a file checked a
 * second time means a new run, or an editor linting it again after an edit: the tree is
 * read again then, and at most 2 s after the last reading. The file itself is read
 * as ESLint holds it, which in an editor is the buffer, saved or not.
 */
function readGraphFor(root, file, text) {
  if (!reading || reading.root !== root || reading.checked.has(file) || Date.now() - reading.at > READING_LIFETIME_MS) {
    reading = { root, at: Date.now(), checked: new Set(), graph: buildFolderGraph(root) };
  }
  reading.checked.add(file);
  return withFileText(root, reading.graph, { file, text });
}

/** Fails an import that closes a cycle between folders (src/<layer>, server/<layer>). */
export const noFolderCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that make two folders depend on each other, directly or through others.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = folderOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    // Read at this file's first import that leaves its folder.
    let graph;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(
        path
          .relative(root, path.resolve(path.dirname(context.filename), specifier))
          .split(path.sep)
          .join('/'),
      );
      if (!to || to === from) return;
      graph ??= readGraphFor(root, context.filename, context.sourceCode.text);
      const component = graph.componentOf.get(from);
      if (!component || !component.includes(to)) return;
      const back = findPath(graph.edges, to, from) ?? [];
      context.report({
        node,
        message: `${from} imports ${to}, and ${to} leads back to ${from}: ${back.join(', ')}. Folders must not depend on each other in a circle; move what both need into a lower layer (src/trace, server/shared).`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
