import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFolderGraph, findPath, folderOf, readImportSpecifiers } from '../../eslint-rules/folder-graph.js';

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

  it('finds no cycle in this repository', () => {
    expect([...buildFolderGraph(process.cwd()).componentOf.keys()]).toEqual([]);
  });
});
