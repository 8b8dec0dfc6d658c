import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../server/node/serve.ts';
import { MCP_CONFORMANCE_PATH } from '../../server/http/create-app.ts';
import { compareWithBaseline, describeVerdict, isVerdictClean, type Baseline } from './compare-with-baseline.ts';
import { NEXT_SUITE_VERSION, NODE_22, NODE_22_FETCH_TIMEOUT_MS, readKeepDirectory, readNode22Version, runAgainst, suiteUnderNode22 } from './run-suite.ts';

/**
 * The newest conformance suite against /mcp/conformance: 0.2.0-alpha.12 with
 * `--requirements 2026-07-28` (exactly what that revision requires, frozen at its
 * release), compared with tests/conformance/baseline-next.json. (0.1.16, every scenario
 * with no baseline, is the devDependency now and runs in `npm run test:conformance`.)
 *
 * It needs Node 22, and the same Node whatever runs the rest (22 or 24), so npx fetches
 * a Node 22 from npm (the `node` package ships its binaries) and runs the suite's bin with
 * it, for this test alone: `npx -p node@22.23.3 -p @modelcontextprotocol/conformance@X`. That
 * needs the npm registry the first time (npx caches both afterwards), which is why
 * this is `npm run test:conformance:next` and not part of `npm test`.
 *
 * Usage: npx tsx tests/conformance/run-conformance-next.ts [--keep-results <dir>]
 */

const REQUIREMENTS_REVISION = '2026-07-28';
const RUN_TIMEOUT_MS = NODE_22_FETCH_TIMEOUT_MS;

const here = dirname(fileURLToPath(import.meta.url));
const keepDirectory = readKeepDirectory(process.argv);

const baseline = JSON.parse(await readFile(join(here, 'baseline-next.json'), 'utf8')) as Baseline;
const server = await serve({ port: 0 });
let clean = false;
try {
  const started = performance.now();
  console.log(`The newest suite runs on Node ${readNode22Version()} (npm's ${NODE_22}); this project runs on ${process.version}.`);
  const url = `${server.url}${MCP_CONFORMANCE_PATH}`;
  const nextResults = await runAgainst({
    suite: suiteUnderNode22(NEXT_SUITE_VERSION),
    url,
    endpoint: `${MCP_CONFORMANCE_PATH}, suite ${NEXT_SUITE_VERSION}`,
    selection: { requirements: REQUIREMENTS_REVISION },
    timeoutMs: RUN_TIMEOUT_MS,
    keepDirectory,
  });
  const nextVerdict = compareWithBaseline(nextResults, baseline);
  for (const line of describeVerdict(nextVerdict, 'tests/conformance/baseline-next.json')) console.log(line);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `(${nextResults.length} scenarios of ${NEXT_SUITE_VERSION} for ${REQUIREMENTS_REVISION}, in ${seconds} s; the reasons for expected failures are in tests/conformance/baseline-next.json)`,
  );
  clean = isVerdictClean(nextVerdict);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await server.close();
}
process.exit(clean ? 0 : 1);
