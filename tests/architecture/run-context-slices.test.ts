import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each feature of a run is given only what it uses (issue 37): its functions take the slice
 * of the RunContext it declares beside itself (a RunSlice of src/lifecycle/run-context.ts),
 * never the whole context, nor the whole of its options or state. Only the engine, which
 * wires the features together, and create-run-context, which builds the context, take it
 * whole, and its options whole. The compiler's own types find every parameter in
 * src/lifecycle that holds the whole context (itself, or in a bag such as `{ context }`) or
 * all of its options or state; any outside those two files fails here, naming where. Probes
 * written only into the program, never into the tree, show that each shape is seen and that
 * a feature reaching past its slice fails the type-check.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIFECYCLE = path.join(ROOT, 'src/lifecycle');
const ORCHESTRATORS = ['src/lifecycle/engine.ts', 'src/lifecycle/create-run-context.ts'];
const FINDER_PROBE = path.join(LIFECYCLE, 'whole-context-probe.ts');
const REACH_PROBE = path.join(LIFECYCLE, 'slice-reach-probe.ts');

const PROBES: Record<string, string> = {
  [FINDER_PROBE]: [
    "import type { RunContext, RunOptions, RunState } from './run-context.ts';",
    'export function takesWhole(context: RunContext): number { return context.secrets.length; }',
    'export const inABag = ({ context }: { context: RunContext }): number => context.secrets.length;',
    "export function allOptions(context: Pick<RunContext, 'options'>): string { return context.options.mcpUrl; }",
    'export function allState(context: { state: RunState; options: Pick<RunOptions, "era"> }): string { return context.state.phase + context.options.era; }',
    'export function optionsAlone(options: RunOptions): string { return options.mcpUrl; }',
  ].join('\n'),
  // A feature that reaches for an option its slice does not list: the consent gate reading the server's address.
  [REACH_PROBE]: [
    "import type { ConsentContext } from './consent.ts';",
    'export const reach = (context: ConsentContext): string => context.options.mcpUrl;',
  ].join('\n'),
};

function listSourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.test-helper\.ts$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

function createProbedProgram(files: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.web-standard.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  if (!config) throw new Error('tsconfig.web-standard.json could not be read.');
  const options = { ...config.options, noEmit: true, incremental: false, composite: false, declaration: false, emitDeclarationOnly: false };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    PROBES[name] === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, PROBES[name], language);
  host.fileExists = (name) => PROBES[name] !== undefined || fileExists.call(host, name);
  host.readFile = (name) => PROBES[name] ?? readFile.call(host, name);
  return ts.createProgram({ rootNames: [...files, ...Object.keys(PROBES)], options, host });
}

/** The names of an exported type of run-context.ts. */
function readKeys(checker: ts.TypeChecker, program: ts.Program, name: string): string[] {
  const source = program.getSourceFile(path.join(LIFECYCLE, 'run-context.ts'));
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((exported) => exported.getName() === name);
  if (!symbol) throw new Error(`run-context.ts exports no ${name}.`);
  return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((property) => property.getName());
}

/** What of the whole a parameter's type holds: the context, all its options, all its state; or nothing whole. */
function describeWhole(
  checker: ts.TypeChecker,
  type: ts.Type,
  keys: { context: string[]; options: string[]; state: string[] },
  node: ts.Node,
  depth = 0,
): string | undefined {
  const names = (candidate: ts.Type) => new Set(checker.getPropertiesOfType(checker.getNonNullableType(candidate)).map((property) => property.getName()));
  const has = (candidate: ts.Type, wanted: string[]) => {
    const held = names(candidate);
    return wanted.every((key) => held.has(key));
  };
  const propertyType = (name: string) => {
    const property = checker.getPropertyOfType(checker.getNonNullableType(type), name);
    return property ? checker.getTypeOfSymbolAtLocation(property, node) : undefined;
  };
  if (has(type, keys.context)) return 'the whole RunContext';
  if (has(type, keys.options)) return 'all of RunOptions';
  const options = propertyType('options');
  if (options && has(options, keys.options)) return 'all of RunOptions';
  const state = propertyType('state');
  if (state && has(state, keys.state)) return 'all of RunState';
  if (depth > 0) return undefined;
  // A bag of named arguments ({ context, … }) that carries one.
  for (const property of checker.getPropertiesOfType(checker.getNonNullableType(type))) {
    const found = describeWhole(checker, checker.getTypeOfSymbolAtLocation(property, node), keys, node, depth + 1);
    if (found) return `${found} (as ${property.getName()})`;
  }
  return undefined;
}

/** Every function parameter in the files given that holds the whole of the context, its options or its state, as `file:line name: what`. */
function findWholeContextParameters(program: ts.Program, files: string[]): string[] {
  const checker = program.getTypeChecker();
  const keys = {
    context: readKeys(checker, program, 'RunContext'),
    options: readKeys(checker, program, 'RunOptions'),
    state: readKeys(checker, program, 'RunState'),
  };
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program.`);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && !ts.isFunctionTypeNode(node) && !ts.isConstructorTypeNode(node)) {
        for (const parameter of node.parameters) {
          const whole = describeWhole(checker, checker.getTypeAtLocation(parameter), keys, parameter);
          const name = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
          if (whole)
            found.push(
              `${path.relative(ROOT, file).split(path.sep).join('/')}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}: ${whole}`,
            );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the run context, split by feature', () => {
  const files = listSourceFiles(LIFECYCLE);
  const program = createProbedProgram(files);

  it(`is taken whole only by ${ORCHESTRATORS.join(' and ')}`, () => {
    const found = findWholeContextParameters(program, files);
    expect(found.filter((entry) => !ORCHESTRATORS.some((file) => entry.startsWith(`${file}:`)))).toEqual([]);
    // The check sees whole contexts at all: the engine takes one.
    expect(found.some((entry) => entry.startsWith('src/lifecycle/engine.ts:'))).toBe(true);
  }, 120_000);

  it('is found whole in each shape a feature could take it', () => {
    expect(findWholeContextParameters(program, [FINDER_PROBE])).toEqual([
      'src/lifecycle/whole-context-probe.ts:2 takesWhole: the whole RunContext',
      'src/lifecycle/whole-context-probe.ts:3 inABag: the whole RunContext (as context)',
      'src/lifecycle/whole-context-probe.ts:4 allOptions: all of RunOptions',
      'src/lifecycle/whole-context-probe.ts:5 allState: all of RunState',
      'src/lifecycle/whole-context-probe.ts:6 optionsAlone: all of RunOptions',
    ]);
  }, 120_000);

  it('holds a feature to its slice: reaching past it fails the type-check', () => {
    const source = program.getSourceFile(REACH_PROBE);
    const errors = ts.getPreEmitDiagnostics(program, source).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(errors).toEqual([expect.stringContaining("Property 'mcpUrl' does not exist")]);
    // The control: the whole tree type-checks, so the error is the probe's alone.
    expect(files.flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)))).toEqual([]);
  }, 120_000);
});
