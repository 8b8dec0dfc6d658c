import fs from 'node:fs';
import path from 'node:path';

/**
 * The import graph between folders (a layer is `src/<name>` or `server/<name>`), read from
 * the files on disk. A per-file rule cannot see a cycle: a cycle is a property of the whole
 * graph, so every file's check consults the graph of the whole tree (no-folder-cycles.js
 * says when it is read again). Each file's imports are kept with its modification time and
 * size and read again when they change.
 */

const ROOTS = ['src', 'server'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

/** The layer a file belongs to: `src/lifecycle` for `src/lifecycle/x/y.ts`, `src` for `src/main.tsx`. */
export function folderOf(relativePath) {
  const parts = relativePath.split('/');
  if (!ROOTS.includes(parts[0])) return null;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

function listSourceFiles(directory) {
  const found = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...listSourceFiles(full));
    else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** Relative specifiers of a file's imports, re-exports and dynamic imports (type-only ones too). */
export function readImportSpecifiers(text) {
  const specifiers = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier?.startsWith('.')) specifiers.push(specifier);
  }
  return specifiers;
}

/** Each file's import specifiers with the modification time and size they were read at, by absolute path. */
const specifiersByFile = new Map();

function readSpecifiersOnDisk(file) {
  const stat = fs.statSync(file);
  const known = specifiersByFile.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.specifiers;
  const specifiers = readImportSpecifiers(fs.readFileSync(file, 'utf8'));
  specifiersByFile.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, specifiers });
  return specifiers;
}

/**
 * Edges between folders, each with one file that makes it, and the folders on a cycle, as
 * the tree stands now. `unsaved` is a file's text as an editor holds it (absolute path), read
 * in place of the file on disk.
 */
export function buildFolderGraph(rootDirectory, unsaved) {
  const specifiersOf = new Map();
  for (const root of ROOTS) {
    const directory = path.join(rootDirectory, root);
    if (!fs.existsSync(directory)) continue;
    for (const file of listSourceFiles(directory)) specifiersOf.set(file, readSpecifiersOnDisk(file));
  }
  const graph = connectFolders(rootDirectory, specifiersOf);
  return unsaved ? withFileText(rootDirectory, graph, unsaved) : graph;
}

/** The graph with one file read from the text given (an editor's unsaved buffer): the same graph when its imports are the same. */
export function withFileText(rootDirectory, graph, { file, text }) {
  const before = graph.specifiersOf.get(file);
  const specifiers = readImportSpecifiers(text);
  if (!before || (before.length === specifiers.length && before.every((specifier, index) => specifier === specifiers[index]))) return graph;
  return connectFolders(rootDirectory, new Map(graph.specifiersOf).set(file, specifiers));
}

function connectFolders(rootDirectory, specifiersOf) {
  const edges = new Map();
  for (const [file, specifiers] of specifiersOf) {
    const from = folderOf(path.relative(rootDirectory, file).split(path.sep).join('/'));
    for (const specifier of specifiers) {
      const target = path
        .relative(rootDirectory, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      const to = folderOf(target);
      if (!from || !to || from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, path.relative(rootDirectory, file).split(path.sep).join('/'));
    }
  }
  return { edges, componentOf: findStronglyConnected(edges), specifiersOf };
}

/** Tarjan's algorithm: each folder mapped to its component, when that component holds more than one folder. */
function findStronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const componentOf = new Map();
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      // Sorted before it is walked: sorting inside the walk reordered the array under the loop,
      // so a two-folder cycle registered one folder only and the other's import went unflagged.
      component.sort();
      if (component.length > 1) for (const folder of component) componentOf.set(folder, component);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return componentOf;
}

/** The shortest chain of folders from one to another, each link with the file that makes it. */
export function findPath(edges, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  if (!previous.has(to)) return null;
  const links = [];
  for (let node = to; previous.get(node) !== null; node = previous.get(node)) {
    const before = previous.get(node);
    links.unshift(`${before} → ${node} (${edges.get(before).get(node)})`);
  }
  return links;
}
