import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A scenario's run options are read in one place, src/lifecycle/scenario-options.ts, for
 * the page, the era twins, the CLI and the tests alike (issue 37: the three copies had
 * drifted). The compiler's own types find every read of a Scenario's option field — a
 * property access, `?.`, an element access or a destructuring — in src/ and server/, tests
 * aside; any outside that file fails here, naming where.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = 'src/lifecycle/scenario-options.ts';
/** What a scenario sets of a run. Its id, title, lesson and era note are what the page shows of it; its question and era prefill the question bar. */
const RUN_OPTION_FIELDS = ['mcpPath', 'mockModel', 'maxToolRounds', 'prompt', 'listResources', 'authorizationSandbox', 'topology', 'wire'];

function listSourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-helper\.ts$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Whether a type is the Scenario type (or a union holding it, as `Scenario | undefined`, or a Pick of it). */
function isScenarioType(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isScenarioType);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol?.getName() === 'Scenario') return true;
  return type.aliasSymbol?.getName() === 'Pick' && (type.aliasTypeArguments ?? []).some(isScenarioType);
}

/** Every read of a scenario's run-option field in the files given, as `file:line field`. */
export function findScenarioOptionReads(files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read.');
  const program = ts.createProgram({ rootNames: files, options: { ...config.options, noEmit: true, incremental: false } });
  const checker = program.getTypeChecker();
  const reads: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program.`);
    const note = (node: ts.Node, field: string) =>
      reads.push(`${path.relative(ROOT, file).split(path.sep).join('/')}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${field}`);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && RUN_OPTION_FIELDS.includes(node.name.text) && isScenarioType(checker.getTypeAtLocation(node.expression)))
        note(node, node.name.text);
      if (
        ts.isElementAccessExpression(node) &&
        ts.isStringLiteral(node.argumentExpression) &&
        RUN_OPTION_FIELDS.includes(node.argumentExpression.text) &&
        isScenarioType(checker.getTypeAtLocation(node.expression))
      )
        note(node, node.argumentExpression.text);
      if (ts.isObjectBindingPattern(node) && isScenarioType(checker.getTypeAtLocation(node))) {
        for (const element of node.elements) {
          const name = element.propertyName ?? element.name;
          if (ts.isIdentifier(name) && RUN_OPTION_FIELDS.includes(name.text)) note(element, name.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return reads;
}

describe("a scenario's run options", () => {
  const files = [...listSourceFiles(path.join(ROOT, 'src')), ...listSourceFiles(path.join(ROOT, 'server'))];

  it(`are read from the scenario in ${OWNER} alone`, () => {
    const reads = findScenarioOptionReads(files);
    expect(reads.filter((read) => !read.startsWith(`${OWNER}:`))).toEqual([]);
    // The check sees reads at all: the one place has them.
    expect(reads.filter((read) => read.startsWith(`${OWNER}:`)).length).toBeGreaterThan(0);
  }, 120_000);
});
