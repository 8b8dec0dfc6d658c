import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../../eslint-rules/layers.js';

/**
 * Each wall tried with a file that breaks it, as a newcomer might write it, placed in each
 * layer: the compiler (the project's own tsconfig files) and lint (the project's own
 * eslint.config.js) must refuse it. The compiler's probes are written into a temporary copy
 * of the project's configuration, never into this tree; lint's are handed to ESLint as text
 * under the name they would have, and never written at all.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_STANDARD_LAYERS = Object.keys(LAYERS).filter((layer) => ['everywhere', 'web-standard'].includes(LAYERS[layer]!.runs));
const PAGE_LAYERS = Object.keys(LAYERS).filter((layer) => LAYERS[layer]!.runs === 'page');

/** A file that breaks a wall, and which walls refuse it; `named` is what the compiler's error must name (so it fails for that, not for another reason). */
type Probe = { name: string; text: string; compiler: 'refuses' | 'accepts'; named?: string; lint: 'refuses' | 'accepts' };

/** What code that runs in the Service Worker and Node must not name. */
const WEB_STANDARD_PROBES: Probe[] = [
  { name: 'process', text: 'export const probe = process.env.HOME;', compiler: 'refuses', named: 'process', lint: 'refuses' },
  { name: 'Buffer', text: "export const probe = Buffer.from('x');", compiler: 'refuses', named: 'Buffer', lint: 'refuses' },
  { name: 'document', text: 'export const probe = document.title;', compiler: 'refuses', named: 'document', lint: 'refuses' },
  { name: 'window.localStorage', text: "export const probe = window.localStorage.getItem('key');", compiler: 'refuses', named: 'window', lint: 'refuses' },
  {
    name: 'node:fs',
    text: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;",
    compiler: 'refuses',
    named: 'node:fs',
    lint: 'refuses',
  },
  {
    name: "await import('node:fs')",
    text: "const fs = await import('node:fs');\nexport const probe = fs.readFileSync;",
    compiler: 'refuses',
    named: 'node:fs',
    lint: 'refuses',
  },
  { name: 'globalThis.process', text: 'export const probe = globalThis.process;', compiler: 'refuses', named: 'typeof globalThis', lint: 'refuses' },
  { name: 'globalThis.document', text: 'export const probe = globalThis.document;', compiler: 'refuses', named: 'typeof globalThis', lint: 'refuses' },
  // TypeScript's WebWorker library, which gives these layers fetch and the rest, declares a
  // worker's own globals too (tsconfig.web-standard.json says why): lint alone refuses them.
  { name: 'self.location', text: 'export const probe = self.location.href;', compiler: 'accepts', lint: 'refuses' },
  { name: 'navigator', text: 'export const probe = navigator.userAgent;', compiler: 'accepts', lint: 'refuses' },
  // The control: what they share with Node passes both walls, so the probes above fail for what they name alone.
  {
    name: 'the web platform',
    text: "export const probe = [globalThis.fetch, new Request('https://example.com'), new URL('https://example.com'), new AbortController(), crypto.subtle, new TextEncoder(), new ReadableStream(), setTimeout, structuredClone];",
    compiler: 'accepts',
    lint: 'accepts',
  },
];

/** What the page must not name: it has the DOM, and no Node. */
const PAGE_PROBES: Probe[] = [
  { name: 'process', text: 'export const probe = process.env.HOME;', compiler: 'refuses', named: 'process', lint: 'refuses' },
  { name: 'Buffer', text: "export const probe = Buffer.from('x');", compiler: 'refuses', named: 'Buffer', lint: 'refuses' },
  {
    name: 'node:fs',
    text: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;",
    compiler: 'refuses',
    named: 'node:fs',
    lint: 'refuses',
  },
  {
    name: "await import('node:fs')",
    text: "const fs = await import('node:fs');\nexport const probe = fs.readFileSync;",
    compiler: 'refuses',
    named: 'node:fs',
    lint: 'refuses',
  },
  { name: 'globalThis.process', text: 'export const probe = globalThis.process;', compiler: 'refuses', named: 'typeof globalThis', lint: 'refuses' },
  // The control: the page has the DOM.
  { name: 'the DOM', text: "export const probe = [document.title, window.localStorage.getItem('key')];", compiler: 'accepts', lint: 'accepts' },
];

function probeFileName(layer: string, index: number): string {
  return `${layer}/wall-probe-${index}.ts`;
}

/**
 * The errors the compiler gives each probe file under one of the project's tsconfig files,
 * read as `tsc -b` reads it, from a temporary folder holding the project's tsconfig files,
 * its node_modules (linked) and the probes alone.
 */
function typecheckProbes(project: string, probes: Record<string, string>): Map<string, string[]> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'wall-probes-'));
  try {
    for (const name of fs.readdirSync(ROOT).filter((name) => /^tsconfig(\..+)?\.json$/.test(name)))
      fs.copyFileSync(path.join(ROOT, name), path.join(copy, name));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(probes)) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.writeFileSync(path.join(copy, file), text);
    }
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(copy, project), undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!parsed) throw new Error(`${project} could not be read.`);
    expect(parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual([]);
    // Every probe is one of the project's own files: its include patterns cover the layer.
    expect(parsed.fileNames.map((file) => path.relative(copy, file)).sort()).toEqual(Object.keys(probes).sort());
    // Checked, not built: nothing is written, and the references' outputs are not needed (the probes import nothing).
    const options = { ...parsed.options, composite: false, declaration: false, emitDeclarationOnly: false, incremental: false, noEmit: true };
    delete options.tsBuildInfoFile;
    const program = ts.createProgram({ rootNames: parsed.fileNames, options });
    const errors = new Map<string, string[]>();
    for (const file of Object.keys(probes)) {
      const source = program.getSourceFile(path.join(copy, file));
      if (!source) throw new Error(`${file} is not in the program.`);
      const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      errors.set(
        file,
        diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
      );
    }
    return errors;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** Each probe refused for what it names, accepted with no error at all, or 'refuses for another reason' with the errors. */
function readCompilerVerdicts(errors: Map<string, string[]>, layer: string, probes: Probe[]): { probe: string; compiler: string }[] {
  return probes.map((probe, index) => {
    const said = errors.get(probeFileName(layer, index)) ?? [];
    if (said.length === 0) return { probe: probe.name, compiler: 'accepts' };
    return {
      probe: probe.name,
      compiler: probe.named && said.some((error) => error.includes(probe.named!)) ? 'refuses' : `refuses for another reason: ${said.join(' / ')}`,
    };
  });
}

// Only the wall rules run, from the project's own configuration: the probes are about them.
const WALL_RULES = new Set(['local/layer-imports', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports']);
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => WALL_RULES.has(ruleId) });

/** The wall rules that refuse `text` as the file `file` of this tree would be refused (the file is not written). */
async function lintProbe(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error(`ESLint gave no result for ${file}.`);
  const parseErrors = result.messages.filter((message) => message.fatal);
  if (parseErrors.length > 0) throw new Error(`${file} did not parse: ${parseErrors[0]?.message}`);
  return result.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the compiler holds the walls of the web-standard code (tsconfig.web-standard.json)', () => {
  const probes = Object.fromEntries(
    WEB_STANDARD_LAYERS.flatMap((layer) => WEB_STANDARD_PROBES.map((probe, index) => [probeFileName(layer, index), probe.text])),
  );
  const errors = typecheckProbes('tsconfig.web-standard.json', probes);

  it.each(WEB_STANDARD_LAYERS)('%s: no Node, no DOM', (layer) => {
    expect(readCompilerVerdicts(errors, layer, WEB_STANDARD_PROBES)).toEqual(
      WEB_STANDARD_PROBES.map((probe) => ({ probe: probe.name, compiler: probe.compiler })),
    );
  });
});

describe('the compiler holds the page without Node (tsconfig.page.json)', () => {
  const probes = Object.fromEntries(PAGE_LAYERS.flatMap((layer) => PAGE_PROBES.map((probe, index) => [probeFileName(layer, index), probe.text])));
  const errors = typecheckProbes('tsconfig.page.json', probes);

  it.each(PAGE_LAYERS)('%s: no Node', (layer) => {
    expect(readCompilerVerdicts(errors, layer, PAGE_PROBES)).toEqual(PAGE_PROBES.map((probe) => ({ probe: probe.name, compiler: probe.compiler })));
  });
});

describe('lint holds every wall (eslint.config.js, from eslint-rules/layers.js)', () => {
  async function lintEach(layer: string, probes: Probe[]): Promise<{ probe: string; lint: string }[]> {
    const seen = [];
    for (const [index, probe] of probes.entries())
      seen.push({ probe: probe.name, lint: (await lintProbe(probeFileName(layer, index), probe.text)).length > 0 ? 'refuses' : 'accepts' });
    return seen;
  }

  it.each(WEB_STANDARD_LAYERS)('%s: no Node, no DOM, no worker globals, however they are reached', async (layer) => {
    expect(await lintEach(layer, WEB_STANDARD_PROBES)).toEqual(WEB_STANDARD_PROBES.map((probe) => ({ probe: probe.name, lint: probe.lint })));
  });

  it.each(PAGE_LAYERS)('%s: no Node, however it is reached', async (layer) => {
    expect(await lintEach(layer, PAGE_PROBES)).toEqual(PAGE_PROBES.map((probe) => ({ probe: probe.name, lint: probe.lint })));
  });

  /** A file in `from` that imports `file` of `to` (its entry file unless told), each way a module can be named. */
  function importsBetween(from: string, to: string, file = 'index.ts'): string[] {
    const target = path.relative(from, `${to}/${file}`).split(path.sep).join('/');
    const specifier = target.startsWith('.') ? target : `./${target}`;
    return [
      `import { probe } from '${specifier}';\nexport const seen = probe;`,
      `import type { Probe } from '${specifier}';\nexport type Seen = Probe;`,
      `export * from '${specifier}';`,
      `export const seen = await import('${specifier}');`,
      `export type Seen = typeof import('${specifier}');`,
    ];
  }

  it('refuses every import between layers that the table does not allow, and no other', async () => {
    const refused: string[] = [];
    const expected: string[] = [];
    for (const from of Object.keys(LAYERS)) {
      for (const to of Object.keys(LAYERS)) {
        if (from === to) continue;
        const [staticImport] = importsBetween(from, to);
        const errors = await lintProbe(`${from}/wall-probe.ts`, staticImport!);
        if (errors.some((error) => error.startsWith('local/layer-imports:'))) refused.push(`${from} → ${to}`);
        if (!LAYERS[from]!.imports.includes(to)) expected.push(`${from} → ${to}`);
      }
    }
    expect(refused).toEqual(expected);
  });

  it.each([
    ['src/mcp', 'src/providers'],
    ['src/providers', 'src/mcp'],
    ['src/content', 'src/providers'],
    ['src/trace', 'src/lifecycle'],
    ['src/ui', 'server/http'],
    ['src/store', 'server/node'],
    ['server/mcp', 'src/mcp'],
    ['server/mock-model', 'src/providers'],
  ])('refuses %s → %s however the module is named: import, import type, export from, import(), typeof import()', async (from, to) => {
    for (const text of importsBetween(from, to))
      expect(await lintProbe(`${from}/wall-probe.ts`, text)).toEqual([expect.stringContaining(`${from} imports ${to}, which the layer table does not allow`)]);
  });

  /** Pairs of layers the table allows, each with a module past the entry file of the one imported. */
  const DEEP_IMPORTS = [
    ['src/lifecycle', 'src/trace', 'steps.ts'],
    ['src/lifecycle', 'src/mcp', 'recording-fetch.ts'],
    ['src/ui', 'src/store', 'explorer-store.ts'],
    ['src/store', 'src/content', 'scenarios.ts'],
    ['server/http', 'server/shared', 'read-bounded-body.ts'],
    ['server/cli', 'src/lifecycle', 'run-context.ts'],
    ['src/service-worker', 'server/http', 'create-app.ts'],
  ];

  it.each(DEEP_IMPORTS)('refuses %s → %s/%s, past the entry file, however the module is named', async (from, to, file) => {
    for (const text of importsBetween(from, to, file))
      expect(await lintProbe(`${from}/wall-probe.ts`, text), text).toEqual([expect.stringContaining(`${from} imports ${to}/${file}, past ${to}'s entry file`)]);
  });

  it.each(DEEP_IMPORTS)('lets %s reach %s through its entry file', async (from, to) => {
    for (const text of importsBetween(from, to)) expect(await lintProbe(`${from}/wall-probe.ts`, text), text).toEqual([]);
  });

  it('lets a layer reach the modules the table lists as loaded on first use, and no other past the entry file', async () => {
    const entries = Object.entries(LAYERS).flatMap(([to, { entries = [] }]) => entries.map((file) => [to, file] as const));
    expect(entries.length).toBeGreaterThan(0);
    for (const [to, file] of entries) {
      const from = Object.keys(LAYERS).find((layer) => LAYERS[layer]!.imports.includes(to))!;
      const [, , , dynamicImport] = importsBetween(from, to, file);
      expect(await lintProbe(`${from}/wall-probe.ts`, dynamicImport!), `${from} → ${to}/${file}`).toEqual([]);
    }
  });

  it('rewrites a deep import to the entry file with --fix', async () => {
    const fixing = new ESLint({ cwd: ROOT, fix: true, ruleFilter: ({ ruleId }) => ruleId === 'local/layer-imports' });
    const deep = "import { STEP_DEFINITIONS } from '../trace/steps.ts';\nexport const seen = STEP_DEFINITIONS;\n";
    const [result] = await fixing.lintText(deep, { filePath: path.join(ROOT, 'src/lifecycle/wall-probe.ts') });
    expect(result?.output).toBe(deep.replace('../trace/steps.ts', '../trace/index.ts'));
    expect(result?.messages).toEqual([]);
  });

  it('fixes a deep import only to an entry file that re-exports its module, and leaves import() and an import for effect alone', async () => {
    const fixing = new ESLint({ cwd: ROOT, fix: true, ruleFilter: ({ ruleId }) => ruleId === 'local/layer-imports' });
    const fixFrom = async (text: string) => (await fixing.lintText(text, { filePath: path.join(ROOT, 'src/lifecycle/wall-probe.ts') }))[0]!;
    // src/trace's index.ts re-exports neither: --fix would have written an import of names the entry file does not have.
    for (const text of [
      "import { probe } from '../trace/wall-probe-target.ts';\nexport const seen = probe;\n",
      "import type { Probe } from '../trace/wall-probe-target.ts';\nexport type Seen = Probe;\n",
    ]) {
      const result = await fixFrom(text);
      expect(result.output, text).toBeUndefined();
      expect(result.messages.map((message) => message.messageId)).toEqual([text.startsWith('import type') ? 'missingTypeExport' : 'missingValueExport']);
    }
    for (const text of ["export const seen = await import('../trace/steps.ts');\n", "import '../trace/steps.ts';\n"]) {
      const result = await fixFrom(text);
      expect(result.output, text).toBeUndefined();
      expect(result.messages.map((message) => message.messageId)).toEqual(['ownEntry']);
    }
  });

  it('refuses an import() whose module is computed, where the walls must see every module', async () => {
    expect(await lintProbe('src/lifecycle/wall-probe.ts', "const name = 'node:fs';\nexport const probe = await import(name);")).toEqual([
      expect.stringContaining('named by an expression'),
    ]);
  });

  it('refuses a folder of src or server that the layer table does not place', async () => {
    expect(await lintProbe('src/new-layer/wall-probe.ts', 'export const probe = 1;')).toEqual([
      expect.stringContaining('src/new-layer is not in the layer table'),
    ]);
  });
});
