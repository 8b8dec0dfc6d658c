import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../server/node/serve.ts';
import { MCP_CONFORMANCE_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH } from '../../server/http/create-app.ts';
import {
  compareWithBaseline,
  describeVerdict,
  isVerdictClean,
  readScenarioResults,
  type Baseline,
  type ScenarioResult,
} from './compare-with-baseline.ts';

/**
 * Runs the official MCP conformance suite (server scenarios, the "active" suite)
 * against our own server on a free port, and compares the outcome with
 * tests/conformance/baseline.json. Exits 1 on a failure the baseline does not list,
 * and on a baseline entry that passes now, so the baseline stays honest.
 *
 * The suite's client speaks 2025-11-25 with the v1 SDK. It runs against
 * /mcp/toolbox, our richest endpoint: most scenarios call the suite's own fixture
 * tools, resources and prompts (test_simple_text, test://static-text, ...), which no
 * endpoint of ours has, so those fail the same way everywhere and sit in the
 * baseline. The one scenario about sessions (several SSE streams in one session)
 * only warns "no session id" on a stateless endpoint, so it runs against
 * /mcp/sessions, where it has something to check.
 *
 * Then it runs every scenario of the suite, the pending ones too (json-schema-2020-12,
 * server-sse-polling), against /mcp/conformance, which implements those fixtures. That
 * endpoint has no baseline: every scenario must pass there, so a regression cannot be
 * written off as expected.
 *
 * Usage: npx tsx tests/conformance/run-conformance.ts [--keep-results <dir>]
 */

const SCENARIOS_NEEDING_SESSIONS = ['server-sse-multiple-streams'];
const RUN_TIMEOUT_MS = 90_000;

const here = dirname(fileURLToPath(import.meta.url));
const conformanceBin = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');

/** Every scenario must pass on /mcp/conformance: its baseline is empty, and stays so. */
const CONFORMANCE_ENDPOINT_BASELINE: Baseline = { expectedFailures: [] };

type Selection = { scenario: string } | { suite: 'active' | 'all' };

async function runSuite(url: string, outputDirectory: string, selected: Selection): Promise<void> {
  const selection = 'scenario' in selected ? ['--scenario', selected.scenario] : ['--suite', selected.suite];
  const child = spawn(process.execPath, [conformanceBin, 'server', '--url', url, ...selection, '--output-dir', outputDirectory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill(), RUN_TIMEOUT_MS);
  // The suite exits 1 whenever a scenario fails; the verdict comes from its result files instead.
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (exitCode === null) throw new Error(`The conformance suite did not finish within ${RUN_TIMEOUT_MS / 1000} s.\n${output}`);
  if (process.env.CONFORMANCE_VERBOSE) console.log(output);
}

async function runAgainst(url: string, endpoint: string, selected: Selection): Promise<ScenarioResult[]> {
  const outputDirectory = await mkdtemp(join(keepDirectory ?? tmpdir(), 'conformance-'));
  try {
    await runSuite(url, outputDirectory, selected);
    const results = await readScenarioResults(outputDirectory, endpoint);
    if (results.length === 0) throw new Error(`The conformance suite wrote no results for ${url}: did it crash?`);
    return results;
  } finally {
    if (!keepDirectory) await rm(outputDirectory, { recursive: true, force: true });
  }
}

const keepIndex = process.argv.indexOf('--keep-results');
const keepDirectory = keepIndex >= 0 ? process.argv[keepIndex + 1] : undefined;

const baseline = JSON.parse(await readFile(join(here, 'baseline.json'), 'utf8')) as Baseline;
const server = await serve({ port: 0 });
let clean = false;
try {
  const started = performance.now();
  const [suiteResults, sessionResults, conformanceResults] = await Promise.all([
    runAgainst(`${server.url}${MCP_TOOLBOX_PATH}`, MCP_TOOLBOX_PATH, { suite: 'active' }),
    Promise.all(SCENARIOS_NEEDING_SESSIONS.map((scenario) => runAgainst(`${server.url}${MCP_SESSIONS_PATH}`, MCP_SESSIONS_PATH, { scenario }))).then((runs) => runs.flat()),
    runAgainst(`${server.url}${MCP_CONFORMANCE_PATH}`, MCP_CONFORMANCE_PATH, { suite: 'all' }),
  ]);
  const results = [
    ...suiteResults.filter((result) => !SCENARIOS_NEEDING_SESSIONS.includes(result.scenario)),
    ...sessionResults,
  ].sort((first, second) => first.scenario.localeCompare(second.scenario));

  const verdict = compareWithBaseline(results, baseline);
  for (const line of describeVerdict(verdict)) console.log(line);
  const conformanceVerdict = compareWithBaseline(conformanceResults, CONFORMANCE_ENDPOINT_BASELINE);
  for (const line of describeVerdict(conformanceVerdict)) console.log(line);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`(${results.length} scenarios on ${MCP_TOOLBOX_PATH} and ${MCP_SESSIONS_PATH}, ${conformanceResults.length} on ${MCP_CONFORMANCE_PATH}, in ${seconds} s; the reasons for expected failures are in tests/conformance/baseline.json)`);
  clean = isVerdictClean(verdict) && isVerdictClean(conformanceVerdict);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await server.close();
}
process.exit(clean ? 0 : 1);
