import { describe, expect, it } from 'vitest';
import { mergeDuplicateImports } from '../../scripts/merge-duplicate-imports.ts';

describe('mergeDuplicateImports', () => {
  it.each([
    {
      name: 'two value imports of one module become one, in the first one’s place',
      input: "import { a } from './x/index.ts';\nimport { b } from './y.ts';\nimport { c, type D } from './x/index.ts';\nuse(a, b, c);\n",
      output: "import { a, c, type D } from './x/index.ts';\nimport { b } from './y.ts';\nuse(a, b, c);\n",
      merged: 1,
    },
    {
      name: 'a type-only import stands beside a value import of the same module; two type-only ones merge',
      input: "import type { A } from './x.ts';\nimport { b } from './x.ts';\nimport type { C } from './x.ts';\n",
      output: "import type { A, C } from './x.ts';\nimport { b } from './x.ts';\n",
      merged: 1,
    },
    {
      name: 'a name imported twice is imported once',
      input: "import { a } from './x.ts';\nimport { a, b } from './x.ts';\n",
      output: "import { a, b } from './x.ts';\n",
      merged: 1,
    },
    {
      name: 'default, namespace and side-effect imports are left as they are',
      input: "import x from './x.ts';\nimport * as y from './x.ts';\nimport './x.ts';\nimport { z } from './x.ts';\n",
      output: "import x from './x.ts';\nimport * as y from './x.ts';\nimport './x.ts';\nimport { z } from './x.ts';\n",
      merged: 0,
    },
    {
      name: 'a declaration with a comment of its own keeps its place and its comment',
      input: "import { a } from './x.ts';\n// b is loaded for its reason\nimport { b } from './x.ts';\n",
      output: "import { a } from './x.ts';\n// b is loaded for its reason\nimport { b } from './x.ts';\n",
      merged: 0,
    },
    {
      name: 'imports with other attributes are other imports',
      input: "import { a } from './x.json' with { type: 'json' };\nimport { b } from './x.json';\n",
      output: "import { a } from './x.json' with { type: 'json' };\nimport { b } from './x.json';\n",
      merged: 0,
    },
  ])('$name', ({ input, output, merged }) => {
    expect(mergeDuplicateImports(input)).toEqual({ text: output, merged });
  });

  it('a second pass changes nothing', () => {
    const once = mergeDuplicateImports("import { a } from './x.ts';\nimport { b } from './x.ts';\nimport { c } from './x.ts';\n").text;
    expect(once).toBe("import { a, b, c } from './x.ts';\n");
    expect(mergeDuplicateImports(once)).toEqual({ text: once, merged: 0 });
  });
});
