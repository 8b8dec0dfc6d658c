import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../server/node/serve.ts';
import { MCP_CONFORMANCE_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH } from '../../server/http/create-app.ts';
import { compareWithBaseline, describeVerdict, isVerdictClean, type Baseline } from './compare-with-baseline.ts';
import { installedSuite, readKeepDirectory, runAgainst, type Selection, type SuiteCommand } from './run-suite.ts';

/**
 * Runs the official MCP conformance suite (server scenarios, the "active" suite)
 * against our own server on a free port, and compares the outcome with
 * tests/conformance/baseline.json. Exits 1 on a failure the baseline does not list,
 * and on a baseline entry that passes now, so the baseline stays honest.
 *
 * The suite's client speaks 2025-11-25 with the v1 SDK. It runs against
 * /mcp/toolbox, our richest teaching endpoint: most scenarios call the suite's own
 * fixture tools, resources and prompts (test_simple_text, test://static-text, ...),
 * which the toolbox does not have, so those sit in the baseline, each with the error
 * its failure must show (a failure for another reason is unexpected). The one scenario about sessions (several SSE streams in one session)
 * only warns "no session id" on a stateless endpoint, so it runs against
 * /mcp/sessions, where it has something to check.
 *
 * Then it runs every scenario of the suite, the pending ones too (json-schema-2020-12,
 * server-sse-polling), against /mcp/conformance, which implements those fixtures. That
 * endpoint has no baseline: every scenario must pass there, so a regression cannot be
 * written off as expected. server-sse-polling passes with two warnings (no priming
 * event, no retry field): its POST names protocol version 2025-03-26, whose clients
 * cannot read an empty priming event, so the SDK sends none and offers no stream to
 * close; a 2025-11-25 request gets both (tests/conformance/conformance-endpoint.test.ts).
 *
 * Usage: npx tsx tests/conformance/run-conformance.ts [--keep-results <dir>]
 */

const SCENARIOS_NEEDING_SESSIONS = ['server-sse-multiple-streams'];
const RUN_TIMEOUT_MS = 90_000;

const here = dirname(fileURLToPath(import.meta.url));

/** Every scenario must pass on /mcp/conformance: its baseline is empty, and stays so. */
const CONFORMANCE_ENDPOINT_BASELINE: Baseline = { expectedFailures: [] };

const suite: SuiteCommand = installedSuite();
const keepDirectory = readKeepDirectory(process.argv);
const runOn = (url: string, endpoint: string, selection: Selection) =>
  runAgainst({ suite, url, endpoint, selection, timeoutMs: RUN_TIMEOUT_MS, keepDirectory });

const baseline = JSON.parse(await readFile(join(here, 'baseline.json'), 'utf8')) as Baseline;
const server = await serve({ port: 0 });
let clean = false;
try {
  const started = performance.now();
  const [suiteResults, sessionResults, conformanceResults] = await Promise.all([
    runOn(`${server.url}${MCP_TOOLBOX_PATH}`, MCP_TOOLBOX_PATH, { suite: 'active' }),
    Promise.all(SCENARIOS_NEEDING_SESSIONS.map((scenario) => runOn(`${server.url}${MCP_SESSIONS_PATH}`, MCP_SESSIONS_PATH, { scenario }))).then((runs) =>
      runs.flat(),
    ),
    runOn(`${server.url}${MCP_CONFORMANCE_PATH}`, MCP_CONFORMANCE_PATH, { suite: 'all' }),
  ]);
  const results = [...suiteResults.filter((result) => !SCENARIOS_NEEDING_SESSIONS.includes(result.scenario)), ...sessionResults].sort((first, second) =>
    first.scenario.localeCompare(second.scenario),
  );

  const verdict = compareWithBaseline(results, baseline);
  for (const line of describeVerdict(verdict)) console.log(line);
  const conformanceVerdict = compareWithBaseline(conformanceResults, CONFORMANCE_ENDPOINT_BASELINE);
  for (const line of describeVerdict(conformanceVerdict)) console.log(line);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `(${results.length} scenarios on ${MCP_TOOLBOX_PATH} and ${MCP_SESSIONS_PATH}, ${conformanceResults.length} on ${MCP_CONFORMANCE_PATH}, in ${seconds} s; the reasons for expected failures are in tests/conformance/baseline.json)`,
  );
  clean = isVerdictClean(verdict) && isVerdictClean(conformanceVerdict);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await server.close();
}
process.exit(clean ? 0 : 1);
