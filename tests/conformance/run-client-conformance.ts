import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import buildCliBundle from '../setup/build-cli-bundle.ts';
import { compareWithBaseline, describeVerdict, isVerdictClean, type Baseline } from './compare-with-baseline.ts';
import { listClientScenarios, runClientScenarios, type ClientSuiteRun } from './run-client-suite.ts';
import { INSTALLED_SUITE_VERSION, installedSuite, NEXT_SUITE_VERSION, NODE_22, readKeepDirectory, resolveSuiteUnderNode22 } from './run-suite.ts';

/**
 * The official conformance suite's client scenarios against the host: every scenario
 * starts a server of its own (a plain MCP server, or a protected one with its
 * authorization server) and runs the trace CLI against it as its client
 * (tests/conformance/client/trace-as-client.ts plays the learner at the terminal and
 * the browser at the consent page), then reports what the host sent.
 *
 * - 0.1.16 (the devDependency; on this machine's Node when it is 22 or later, else on
 *   npm's Node 22): every client scenario, the 2025-11-25 era, the extensions' too
 *   (auth/client-credentials-*), compared with tests/conformance/baseline-client.json.
 * - 0.2.0-alpha.12 with --spec-version 2026-07-28 on a Node 22 from npm (as
 *   test:conformance:next runs the server suites): the scenarios that version marks for
 *   2026-07-28 and the extensions of the grants the host implements (NEXT_EXTENSIONS),
 *   the host in that era, compared with baseline-client-next.json.
 *
 * The CLI is bundled first (as the unit tests' global setup does), and the host runs on
 * this machine's Node in both. Exits 1 on a failure a baseline does not name and on a
 * baseline entry that passes now.
 *
 * Usage: npx tsx tests/conformance/run-client-conformance.ts [--only current|next] [--scenario NAME] [--keep-results <dir>]
 * (--scenario runs that one scenario where a suite has it; the baselines' other entries are then not checked.)
 */

const CURRENT_TIMEOUT_MS = 60_000;
const SPEC_VERSION = '2026-07-28';
/**
 * The 0.2.x extension scenarios of the grants the host implements, marked [extension] and
 * so left out by --spec-version: run in the 2026-07-28 era with --force. Its other
 * extensions (DPoP, workload identity, SEP-2640's skills) the host does not offer.
 */
const NEXT_EXTENSIONS = ['auth/client-credentials-basic', 'auth/client-credentials-jwt', 'auth/enterprise-managed-authorization'];

const here = dirname(fileURLToPath(import.meta.url));
const keepDirectory = readKeepDirectory(process.argv);
const readFlag = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const only = readFlag('--only');
const chosenScenario = readFlag('--scenario');

async function readBaseline(file: string): Promise<Baseline> {
  return JSON.parse(await readFile(join(here, file), 'utf8')) as Baseline;
}

async function runAndJudge({ run, baselineFile, specVersion }: { run: ClientSuiteRun; baselineFile: string; specVersion?: string }): Promise<boolean> {
  const started = performance.now();
  const listed = [...(await listClientScenarios(run.suite, specVersion)), ...(run.forced ?? [])];
  const scenarios = chosenScenario === undefined ? listed : listed.filter((scenario) => scenario === chosenScenario);
  const results = await runClientScenarios(run, scenarios);
  const baseline = await readBaseline(baselineFile);
  const checked =
    chosenScenario === undefined ? baseline : { expectedFailures: baseline.expectedFailures.filter((entry) => entry.scenario === chosenScenario) };
  const verdict = compareWithBaseline(results, checked);
  for (const line of describeVerdict(verdict, `tests/conformance/${baselineFile}`)) console.log(line);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `(${results.length} client scenarios of ${run.label} in ${seconds} s; the reasons for expected failures are in tests/conformance/${baselineFile})`,
  );
  return isVerdictClean(verdict);
}

let clean = true;
try {
  await buildCliBundle();
  if (only !== 'next') {
    const run = { suite: installedSuite(), label: `suite ${INSTALLED_SUITE_VERSION}, 2025-11-25`, timeoutMs: CURRENT_TIMEOUT_MS, keepDirectory };
    clean = (await runAndJudge({ run, baselineFile: 'baseline-client.json' })) && clean;
  }
  if (only !== 'current') {
    const suite = resolveSuiteUnderNode22(NEXT_SUITE_VERSION);
    console.log(`The ${NEXT_SUITE_VERSION} suite runs on npm's ${NODE_22} (${suite.command}); the host under test on ${process.version}.`);
    const run = {
      suite,
      label: `suite ${NEXT_SUITE_VERSION}, ${SPEC_VERSION}`,
      specVersion: SPEC_VERSION,
      timeoutMs: CURRENT_TIMEOUT_MS,
      keepDirectory,
      forced: NEXT_EXTENSIONS,
    };
    clean = (await runAndJudge({ run, baselineFile: 'baseline-client-next.json', specVersion: SPEC_VERSION })) && clean;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  clean = false;
}
process.exit(clean ? 0 : 1);
