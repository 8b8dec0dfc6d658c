import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * package.json's `sideEffects` tells the bundler that only the files it lists do something
 * when imported, so that a module re-exported by a layer's entry file is bundled only where
 * its exports are used (DEVELOPERS.md, "Layers"). A file imported for its effect alone
 * (`import './x.ts'`) and left out of the list would be dropped from the build without a
 * word: every such import must name a listed file, and every listed file must exist.
 */

const root = path.resolve(import.meta.dirname, '../..');
const { sideEffects } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { sideEffects: string[] };

/** package.json's patterns as the bundler reads them: relative to the package, `*` within a folder, a pattern without a slash matched against the name alone. */
function matchesSideEffects(file: string): boolean {
  return sideEffects.some((pattern) => {
    const bare = pattern.replace(/^\.\//, '');
    const source = bare.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    return new RegExp(bare.includes('/') ? `^${source}$` : `(^|/)${source}$`).test(file);
  });
}

function listSourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return listSourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-helper\.ts$|\.d\.ts$/.test(entry.name) ? [relative] : [];
  });
}

describe("package.json's sideEffects", () => {
  it('names every file of the project imported for its effect alone', () => {
    const bareImports = ['src', 'server'].flatMap(listSourceFiles).flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/^import\s+['"](\.[^'"]+)['"]/gm)].map((match) => ({
        file,
        imported: path
          .relative(root, path.resolve(root, path.dirname(file), match[1]!))
          .split(path.sep)
          .join('/'),
      })),
    );
    expect(bareImports.length).toBeGreaterThan(0);
    expect(bareImports.filter(({ imported }) => !matchesSideEffects(imported))).toEqual([]);
  });

  it('lists files that exist, and no folder of the layers whole', () => {
    for (const pattern of sideEffects.filter((entry) => !entry.includes('*'))) expect(existsSync(path.join(root, pattern)), pattern).toBe(true);
    expect(matchesSideEffects('src/trace/steps.ts')).toBe(false);
    expect(matchesSideEffects('src/trace/zod-without-eval.ts')).toBe(true);
    expect(matchesSideEffects('src/index.css')).toBe(true);
  });
});
