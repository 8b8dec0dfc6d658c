import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { mergeDuplicateImportsInFiles } from './merge-duplicate-imports.ts';

/**
 * Routes every import between layers through the imported layer's entry file (DEVELOPERS.md,
 * "Layers"): `npx tsx scripts/route-imports-through-entries.ts`. It re-runs after any merge
 * and changes nothing where nothing is left to route.
 *
 * 1. Lints src/ and server/ with local/layer-imports alone, and adds to each entry file
 *    (`<layer>/index.ts`) the re-export of each module another layer imports past it
 *    (`export type *` when every such import is type-only), kept in order of path.
 * 2. Lints again with --fix, which rewrites each such import to the entry file.
 * 3. Merges the imports of one entry file that step 2 left on several lines
 *    (merge-duplicate-imports.ts). Then `npm run format`.
 *
 * An import() or a bare `import './x.ts'` past an entry file is not rewritten (a chunk loaded
 * on first use, a module run for its effect): it is listed, to be named in the layer's
 * `entries` (eslint-rules/layers.js), and the script fails. So does a name two re-exported
 * modules both export: `npm run typecheck` says which, after the script.
 */

const ROOT = join(import.meta.dirname, '..');
const RULE = 'local/layer-imports';
const PAST_ENTRY = /^\S+ imports (\S+), past (\S+)'s entry file/;
const STAR_EXPORT = /^export (type )?\* from '\.\/([^']+)';$/;

const lintLayers = (fix: boolean) => new ESLint({ cwd: ROOT, fix, ruleFilter: ({ ruleId }) => ruleId === RULE }).lintFiles(['src', 'server']);

/** Each entry file's missing re-exports (module → whether only its types are used), and the imports left to a person. */
async function findMissingExports() {
  const missing = new Map<string, Map<string, 'type' | 'value'>>();
  const leftToPerson: string[] = [];
  for (const result of await lintLayers(false)) {
    for (const message of result.messages) {
      const match = PAST_ENTRY.exec(message.message);
      if (message.ruleId !== RULE || !match) continue;
      const [, target, layer] = match as unknown as [string, string, string];
      const file = `${result.filePath.slice(ROOT.length + 1)}:${message.line}`;
      if (message.messageId === 'ownEntry') leftToPerson.push(`${file}: ${message.message}`);
      if (message.messageId !== 'missingValueExport' && message.messageId !== 'missingTypeExport') continue;
      const modules = missing.get(layer) ?? new Map<string, 'type' | 'value'>();
      const module = target.slice(layer.length + 1);
      modules.set(module, message.messageId === 'missingValueExport' || modules.get(module) === 'value' ? 'value' : 'type');
      missing.set(layer, modules);
    }
  }
  return { missing, leftToPerson };
}

/** Writes the re-exports into the entry file: its `export *` lines are kept in one block, in order of path. */
function addExports(layer: string, modules: Map<string, 'type' | 'value'>) {
  const file = join(ROOT, layer, 'index.ts');
  const lines = readFileSync(file, 'utf8').split('\n');
  const stars = new Map<string, 'type' | 'value'>();
  for (const line of lines) {
    const match = STAR_EXPORT.exec(line);
    if (match) stars.set(match[2]!, match[1] ? 'type' : 'value');
  }
  for (const [module, kind] of modules) stars.set(module, kind === 'value' || stars.get(module) === 'value' ? 'value' : 'type');
  const first = lines.findIndex((line) => STAR_EXPORT.test(line));
  const block = [...stars].sort(([a], [b]) => (a < b ? -1 : 1)).map(([module, kind]) => `export ${kind === 'type' ? 'type ' : ''}* from './${module}';`);
  const rest = lines.filter((line) => !STAR_EXPORT.test(line));
  const at = first === -1 ? rest.length - (rest.at(-1) === '' ? 1 : 0) : first;
  rest.splice(at, 0, ...block);
  writeFileSync(file, rest.join('\n'));
  for (const [module, kind] of modules) console.log(`${layer}/index.ts: export ${kind === 'type' ? 'type ' : ''}* from './${module}'`);
}

const { missing, leftToPerson } = await findMissingExports();
for (const [layer, modules] of missing) addExports(layer, modules);
const results = await lintLayers(true);
await ESLint.outputFixes(results);
const rewrittenFiles = results.filter((result) => result.output !== undefined).map((result) => result.filePath);
const rewritten = rewrittenFiles.length;
const merged = mergeDuplicateImportsInFiles(rewrittenFiles).length;
const left = results.flatMap((result) =>
  result.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => `${result.filePath.slice(ROOT.length + 1)}:${message.line}: ${message.message}`),
);
console.log(
  `${rewritten} files' imports rewritten to entry files (${merged} of them with imports merged); ${[...missing.values()].reduce((sum, modules) => sum + modules.size, 0)} re-exports added.`,
);
if (left.length > 0 || leftToPerson.length > 0) {
  console.error([...new Set([...leftToPerson, ...left])].join('\n'));
  process.exit(1);
}
