import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { readScenarioResults, type ScenarioResult } from './compare-with-baseline.ts';

/**
 * One run of an official conformance suite's server scenarios against one URL, and
 * the results it wrote. The suite is a command (the installed devDependency, or a newer
 * one, each under a Node 22 or later), so every runner shares this.
 */

/** A scenario by name, a suite by name, or exactly what one spec revision requires (0.2.x). */
export type Selection = { scenario: string } | { suite: 'active' | 'all' } | { requirements: string };

export type SuiteCommand = { command: string; args: string[] };

export type SuiteRun = {
  suite: SuiteCommand;
  url: string;
  endpoint: string;
  selection: Selection;
  timeoutMs: number;
  /** Keep the suite's result files under this directory instead of deleting them. */
  keepDirectory?: string | undefined;
};

function selectionArguments(selection: Selection): string[] {
  if ('scenario' in selection) return ['--scenario', selection.scenario];
  if ('suite' in selection) return ['--suite', selection.suite];
  return ['--requirements', selection.requirements];
}

async function runSuite({ suite, url, selection, timeoutMs }: SuiteRun, outputDirectory: string): Promise<void> {
  const child = spawn(suite.command, [...suite.args, 'server', '--url', url, ...selectionArguments(selection), '--output-dir', outputDirectory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill(), timeoutMs);
  // The suite exits 1 whenever a scenario fails; the verdict comes from its result files instead.
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (exitCode === null) throw new Error(`The conformance suite did not finish within ${timeoutMs / 1000} s.\n${output}`);
  if (process.env.CONFORMANCE_VERBOSE) console.log(output);
}

export async function runAgainst(run: SuiteRun): Promise<ScenarioResult[]> {
  const outputDirectory = await mkdtemp(join(run.keepDirectory ?? tmpdir(), 'conformance-'));
  try {
    await runSuite(run, outputDirectory);
    const results = await readScenarioResults(outputDirectory, run.endpoint);
    if (results.length === 0) throw new Error(`The conformance suite wrote no results for ${run.url}: did it crash, or could it not be installed?`);
    return results;
  } finally {
    if (!run.keepDirectory) await rm(outputDirectory, { recursive: true, force: true });
  }
}

/** `--keep-results <dir>` on a runner's command line. */
export function readKeepDirectory(argv: string[]): string | undefined {
  const index = argv.indexOf('--keep-results');
  return index >= 0 ? argv[index + 1] : undefined;
}

/** The newest suite, for 2026-07-28 (the server's --requirements and the client's --spec-version). */
export const NEXT_SUITE_VERSION = '0.2.0-alpha.12';

/** The newer suites need Node 22, whichever Node runs the project: npx fetches it from npm (the `node` package ships its binaries). */
export const NODE_22 = 'node@22.23.3';
/** Generous: the first run downloads Node 22 (about 30 MB) and the suite. */
export const NODE_22_FETCH_TIMEOUT_MS = 5 * 60_000;

/** A suite version under Node 22, through npx each time it runs. */
export function suiteUnderNode22(version: string): SuiteCommand {
  return { command: 'npx', args: ['--yes', '-p', NODE_22, '-p', `@modelcontextprotocol/conformance@${version}`, '--', 'conformance'] };
}

/**
 * The same, resolved once: npx fetches both (or finds them in its cache) and names the
 * Node 22 binary and the suite's bin, which then run directly, with no npx start-up for
 * each of the many processes a client suite starts.
 */
export function resolveSuiteUnderNode22(version: string): SuiteCommand {
  const script =
    "const p=require('path'),f=require('fs');console.log(process.execPath);console.log(process.env.PATH.split(p.delimiter).map((d)=>p.join(d,'conformance')).find((b)=>f.existsSync(b))??'')";
  const probe = spawnSync('npx', ['--yes', '-p', NODE_22, '-p', `@modelcontextprotocol/conformance@${version}`, '--', 'node', '-e', script], {
    encoding: 'utf8',
    timeout: NODE_22_FETCH_TIMEOUT_MS,
  });
  const [node, bin] = probe.stdout.trim().split('\n');
  if (probe.status !== 0 || !node || !bin) {
    throw new Error(
      `Could not install the conformance suite ${version} under Node 22 (npx -p ${NODE_22} said "${probe.stdout.trim()}", exit ${probe.status}): is the npm registry reachable?\n${probe.stderr}`,
    );
  }
  return { command: node, args: [bin] };
}

/** The devDependency's version (package.json pins it exactly), said beside each result. */
export const INSTALLED_SUITE_VERSION = z
  .object({ version: z.string() })
  .parse(createRequire(import.meta.url)('@modelcontextprotocol/conformance/package.json')).version;

/**
 * The installed suite (the devDependency, its version locked): on this Node when it is 22
 * or later, else on npm's Node 22, since 0.1.14 and later use fs.globSync, which Node 20
 * does not have ("does not provide an export named 'globSync'"). The host under test
 * runs on this Node either way.
 */
export function installedSuite(): SuiteCommand {
  const bin = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
  if (Number(process.versions.node.split('.')[0]) >= 22) return { command: process.execPath, args: [bin] };
  const probe = spawnSync('npx', ['--yes', '-p', NODE_22, '--', 'node', '-e', 'console.log(process.execPath)'], {
    encoding: 'utf8',
    timeout: NODE_22_FETCH_TIMEOUT_MS,
  });
  const node = probe.stdout.trim();
  if (probe.status !== 0 || !node)
    throw new Error(
      `This Node (${process.version}) cannot run the conformance suite ${INSTALLED_SUITE_VERSION}, and Node 22 from npm could not be fetched (npx -p ${NODE_22} exit ${probe.status}): run on Node 22 or later, or reach the npm registry.\n${probe.stderr}`,
    );
  return { command: node, args: [bin] };
}

/** Which Node the suites will run on, said up front: a Node 20 here would explain every failure at once. */
export function readNode22Version(): string {
  const probe = spawnSync('npx', ['--yes', '-p', NODE_22, '--', 'node', '--version'], { encoding: 'utf8', timeout: NODE_22_FETCH_TIMEOUT_MS });
  const version = probe.stdout.trim();
  if (probe.status !== 0 || !version.startsWith('v22.')) {
    throw new Error(
      `Could not run Node 22 from npm (npx -p ${NODE_22} node --version said "${version}", exit ${probe.status}): is the npm registry reachable?\n${probe.stderr}`,
    );
  }
  return version;
}
