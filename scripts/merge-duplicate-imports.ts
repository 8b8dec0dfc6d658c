import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * One import declaration per module and kind (a value import and an `import type` may both
 * stand, as lint's no-duplicate-imports allows): the entry-file rewrite turns imports of
 * several modules of a layer into imports of its one entry file, each on its own line.
 * `npx tsx scripts/merge-duplicate-imports.ts <file>…` merges them in place (then
 * `npm run format`); route-imports-through-entries.ts runs it on the files it rewrote.
 *
 * Only `import { … } from '…'` declarations are merged: a default or namespace import, a
 * side-effect import, or a declaration with a comment of its own before it is left as it is.
 */

type Declaration = { node: ts.ImportDeclaration; elements: string[] };

/** The declarations that may merge, by module, kind (type-only or not) and import attributes. */
function groupMergeable(file: ts.SourceFile, text: string): Map<string, Declaration[]> {
  const groups = new Map<string, Declaration[]>();
  for (const node of file.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const clause = node.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
    const key = [node.moduleSpecifier.text, clause.isTypeOnly ? 'type' : 'value', node.attributes?.getText(file) ?? ''].join('\0');
    const elements = clause.namedBindings.elements.map((element) => element.getText(file));
    const group = groups.get(key) ?? [];
    // A commented declaration keeps its place; the others in its group may still merge into the first of them.
    if (comments.length > 0 && group.length > 0) continue;
    group.push({ node, elements });
    groups.set(key, group);
  }
  return groups;
}

/** The source with each module's imports of one kind merged into its first declaration; `merged` counts the ones removed. */
export function mergeDuplicateImports(text: string, fileName = 'file.ts'): { text: string; merged: number } {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: { start: number; end: number; replacement: string }[] = [];
  for (const group of groupMergeable(file, text).values()) {
    if (group.length < 2) continue;
    const [first, ...rest] = group as [Declaration, ...Declaration[]];
    const elements = [...new Set(group.flatMap((declaration) => declaration.elements))];
    const bindings = first.node.importClause!.namedBindings!;
    edits.push({ start: bindings.getStart(file), end: bindings.getEnd(), replacement: `{ ${elements.join(', ')} }` });
    for (const { node } of rest) {
      // The whole line: from the end of the line before to the end of this declaration.
      edits.push({ start: node.getFullStart(), end: node.getEnd(), replacement: '' });
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let merged = text;
  for (const edit of edits) merged = merged.slice(0, edit.start) + edit.replacement + merged.slice(edit.end);
  return { text: merged, merged: edits.filter((edit) => edit.replacement === '').length };
}

/** Merges the named files in place; returns the files it changed. */
export function mergeDuplicateImportsInFiles(paths: string[]): string[] {
  const changed: string[] = [];
  for (const path of paths) {
    const before = readFileSync(path, 'utf8');
    const { text } = mergeDuplicateImports(before, path);
    if (text === before) continue;
    writeFileSync(path, text);
    changed.push(path);
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const changed = mergeDuplicateImportsInFiles(process.argv.slice(2));
  console.log(`${changed.length} files' imports merged.`);
}
