import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Check, ScenarioResult } from './compare-with-baseline.ts';
import type { SuiteCommand } from './run-suite.ts';

/**
 * The conformance suite's client scenarios, each run against the host: the trace CLI,
 * driven by tests/conformance/client/trace-as-client.ts, which the suite starts with the
 * URL of the scenario's own server. One scenario per suite process, a few at a time, so
 * that a client the machine is too busy to run is not marked late; the scenarios that
 * time the client (sse-retry measures how soon it reconnects) run first, alone.
 */

const here = dirname(fileURLToPath(import.meta.url));
const CLIENT = join(here, 'client', 'trace-as-client.ts');
/** The machine's Node runs the host under test, whichever Node runs the suite. */
const CLIENT_COMMAND = `${process.execPath} --import ${import.meta.resolve('tsx')} ${CLIENT}`;
const TIMED_SCENARIOS = ['sse-retry'];
const AT_ONCE = 3;

export type ClientSuiteRun = {
  suite: SuiteCommand;
  /** Shown beside each result, as the server runs show the endpoint. */
  label: string;
  /** `--spec-version`: the scenarios that apply to it, run at it (0.2.x); none for 0.1.x. */
  specVersion?: string;
  timeoutMs: number;
  keepDirectory?: string | undefined;
  /** Scenarios off the spec version's timeline (extensions) run at it all the same, with --force. */
  forced?: string[];
};

function runSuiteProcess(suite: SuiteCommand, args: string[], timeoutMs: number): Promise<{ exitCode: number | null; output: string }> {
  const child = spawn(suite.command, [...suite.args, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill(), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output });
    }),
  );
}

/**
 * The client scenarios `conformance list` names, and with a spec version only those it
 * marks for that version (0.2.x writes `name [2025-11-25,2026-07-28]`; extensions are
 * marked `[extension]`, not a version, and left out as the suite leaves them out).
 */
export async function listClientScenarios(suite: SuiteCommand, specVersion?: string): Promise<string[]> {
  const { output } = await runSuiteProcess(suite, ['list'], 60_000);
  const section = output.split(/\n\s*\n/).find((block) => block.trimStart().startsWith('Client scenarios'));
  if (!section) throw new Error(`The conformance suite listed no client scenarios:\n${output}`);
  return section.split('\n').flatMap((line) => {
    const match = /^\s*-\s+(\S+)(?:\s+\[([^\]]*)\])?/.exec(line);
    if (!match) return [];
    if (specVersion !== undefined && !(match[2] ?? '').split(',').includes(specVersion)) return [];
    return [match[1]!];
  });
}

/** The suite writes `<dir>/<scenario>-<time>/checks.json` (a folder deeper for auth/…) and the client's stdout beside it. */
async function readResultFiles(directory: string): Promise<{ checks: Check[]; clientOutput: string } | undefined> {
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== 'checks.json') continue;
    const checks = JSON.parse(await readFile(join(entry.parentPath, entry.name), 'utf8')) as Check[];
    const clientOutput = await readFile(join(entry.parentPath, 'stdout.txt'), 'utf8').catch(() => '');
    return { checks, clientOutput };
  }
  return undefined;
}

/**
 * The suite's own verdict on the client's exit, which it prints but does not write as a
 * check: a client that exited with an error where the scenario does not allow one (a run
 * the host ended failed), or that did not finish in time, fails the scenario.
 */
function judgeClientExit(output: string): Check[] {
  const said = /CLIENT (?:EXITED WITH ERROR \(code -?\d+\)|TIMED OUT)/.exec(output);
  return said ? [{ id: 'client-exit', status: 'FAILURE', errorMessage: `the suite says: ${said[0]}` }] : [];
}

async function runScenario(run: ClientSuiteRun, scenario: string): Promise<ScenarioResult> {
  const outputDirectory = await mkdtemp(join(run.keepDirectory ?? tmpdir(), 'conformance-client-'));
  try {
    const args = ['client', '--command', CLIENT_COMMAND, '--scenario', scenario, '--timeout', String(run.timeoutMs), '--output-dir', outputDirectory];
    if (run.specVersion !== undefined) args.push('--spec-version', run.specVersion);
    if (run.forced?.includes(scenario)) args.push('--force');
    const { exitCode, output } = await runSuiteProcess(run.suite, args, run.timeoutMs + 30_000);
    if (process.env.CONFORMANCE_VERBOSE) console.log(output);
    const files = await readResultFiles(outputDirectory);
    if (!files)
      throw new Error(`The conformance suite wrote no checks for ${scenario} (exit ${exitCode}): did it crash, or could it not be installed?\n${output}`);
    return { scenario, endpoint: run.label, ...files, checks: [...files.checks, ...judgeClientExit(output)] };
  } finally {
    if (!run.keepDirectory) await rm(outputDirectory, { recursive: true, force: true });
  }
}

/** Runs every scenario named, the timed ones first and alone, then the rest a few at a time. */
export async function runClientScenarios(run: ClientSuiteRun, scenarios: string[]): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios.filter((name) => TIMED_SCENARIOS.includes(name))) results.push(await runScenario(run, scenario));
  const waiting = scenarios.filter((name) => !TIMED_SCENARIOS.includes(name));
  const worker = async () => {
    for (let scenario = waiting.shift(); scenario !== undefined; scenario = waiting.shift()) results.push(await runScenario(run, scenario));
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return results.sort((first, second) => first.scenario.localeCompare(second.scenario));
}
