import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { buildFolderGraph, findPath, folderOf, readImportSpecifiers } from '../../eslint-rules/folder-graph.js';
import { noFolderCycles } from '../../eslint-rules/no-folder-cycles.js';

function writeTree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-graph-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('the folder graph behind the no-folder-cycles lint rule', () => {
  it('names a layer by its first two path parts', () => {
    expect(folderOf('src/providers/anthropic/x.ts')).toBe('src/providers');
    expect(folderOf('src/main.tsx')).toBe('src');
    expect(folderOf('tests/x.ts')).toBeNull();
  });

  it('reads static, type-only, re-exported and dynamic relative imports, not packages', () => {
    const text = `import type { A } from '../a.ts';\nimport { B } from "./b.ts";\nexport * from '../c.ts';\nconst d = await import('../d.ts');\nimport '../e.css';\nimport x from 'zod';`;
    expect(readImportSpecifiers(text)).toEqual(['../a.ts', './b.ts', '../c.ts', '../d.ts', '../e.css']);
  });

  it('finds a cycle through a third folder and the chain that closes it', () => {
    const root = writeTree({
      'src/lifecycle/engine.ts': "import type { T } from '../providers/types.ts';",
      'src/providers/types.ts': "import { S } from '../content/steps.ts';",
      'src/content/steps.ts': "import type { Step } from '../lifecycle/engine.ts';",
      'src/trace/trace.ts': 'export type Trace = {};',
      'src/ui/app.tsx': "import '../trace/trace.ts';",
    });
    const graph = buildFolderGraph(root);
    expect(graph.componentOf.get('src/lifecycle')).toEqual(['src/content', 'src/lifecycle', 'src/providers']);
    expect(graph.componentOf.has('src/ui')).toBe(false);
    expect(findPath(graph.edges, 'src/providers', 'src/lifecycle')).toEqual([
      'src/providers → src/content (src/providers/types.ts)',
      'src/content → src/lifecycle (src/content/steps.ts)',
    ]);
  });

  it('puts both folders of a two-folder cycle in it, whichever the walk reaches first', () => {
    // Each way round: the walk starts from whichever folder the directory listing gives first.
    for (const [first, second] of [
      ['src/alpha', 'src/beta'],
      ['src/beta', 'src/alpha'],
    ] as const) {
      const root = writeTree({
        [`${first}/one.ts`]: `import '../${second.slice(4)}/two.ts';`,
        [`${second}/two.ts`]: `import '../${first.slice(4)}/one.ts';`,
      });
      const graph = buildFolderGraph(root);
      expect(graph.componentOf.get('src/alpha')).toEqual(['src/alpha', 'src/beta']);
      expect(graph.componentOf.get('src/beta')).toEqual(['src/alpha', 'src/beta']);
    }
  });

  it('finds no cycle in this repository', () => {
    expect([...buildFolderGraph(process.cwd()).componentOf.keys()]).toEqual([]);
  });
});

const cycleRuleOnly = {
  files: ['**/*.ts'],
  languageOptions: { parser: tseslint.parser },
  plugins: { local: { rules: { 'no-folder-cycles': noFolderCycles } } },
  rules: { 'local/no-folder-cycles': 'error' },
} as Linter.Config;

/** Lints one file of a temporary tree with the rule alone, as ESLint would with that tree as its working folder. */
function lintWithCycleRule(root: string, file: string, text = fs.readFileSync(path.join(root, file), 'utf8')): Linter.LintMessage[] {
  return new Linter({ cwd: root }).verify(text, cycleRuleOnly, path.join(root, file));
}

describe('the no-folder-cycles lint rule', () => {
  it('fails the import on each side of a two-folder cycle, naming the chain back', () => {
    const root = writeTree({
      'src/store/actions.ts': "import { run } from '../lifecycle/engine.ts';\nexport const go = run;",
      'src/lifecycle/engine.ts': "import type { Store } from '../store/actions.ts';\nexport const run = (store: Store) => store;",
    });
    const fromStore = lintWithCycleRule(root, 'src/store/actions.ts');
    const fromLifecycle = lintWithCycleRule(root, 'src/lifecycle/engine.ts');
    expect(fromStore.map((message) => [message.line, message.message])).toEqual([
      [
        1,
        expect.stringContaining(
          'src/store imports src/lifecycle, and src/lifecycle leads back to src/store: src/lifecycle → src/store (src/lifecycle/engine.ts)',
        ),
      ],
    ]);
    expect(fromLifecycle.map((message) => [message.line, message.message])).toEqual([
      [
        1,
        expect.stringContaining('src/lifecycle imports src/store, and src/store leads back to src/lifecycle: src/store → src/lifecycle (src/store/actions.ts)'),
      ],
    ]);
  });

  it('sees a file edited after an earlier lint in the same process, as an editor lints', () => {
    const root = writeTree({
      'src/store/actions.ts': "import { run } from '../lifecycle/engine.ts';\nexport const go = run;",
      'src/lifecycle/engine.ts': 'export const run = 1;',
    });
    expect(lintWithCycleRule(root, 'src/store/actions.ts')).toEqual([]);
    // The edit that closes the cycle, saved, with a later modification time as an editor's save has.
    const engine = path.join(root, 'src/lifecycle/engine.ts');
    fs.writeFileSync(engine, "import { go } from '../store/actions.ts';\nexport const run = go;");
    const later = new Date(Date.now() + 2_000);
    fs.utimesSync(engine, later, later);
    expect(lintWithCycleRule(root, 'src/store/actions.ts').map((message) => message.message)).toEqual([
      expect.stringContaining('src/store imports src/lifecycle'),
    ]);
  });

  it('reads the file being linted as the editor holds it, before it is saved', () => {
    const root = writeTree({
      'src/store/actions.ts': "import { run } from '../lifecycle/engine.ts';\nexport const go = run;",
      'src/lifecycle/engine.ts': 'export const run = 1;',
    });
    const unsaved = "import { go } from '../store/actions.ts';\nexport const run = go;";
    expect(lintWithCycleRule(root, 'src/lifecycle/engine.ts', unsaved).map((message) => message.message)).toEqual([
      expect.stringContaining('src/lifecycle imports src/store'),
    ]);
  });
});
