import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContextSchema, planClientRuns, planSchemaEcho, SCHEMA_ECHO_SCENARIO, type ClientRun } from './client-runs.ts';

/**
 * The trace CLI as the client under test of the conformance suite's client scenarios.
 * The suite runs `<command> <server URL>` with MCP_CONFORMANCE_SCENARIO set (and
 * MCP_CONFORMANCE_CONTEXT, MCP_CONFORMANCE_PROTOCOL_VERSION where it has them). This
 * program is the person at the terminal: it asks the question(s) a learner would ask
 * of that scenario's server (client-runs.ts), runs the bundled CLI
 * (`dist-server/cli/cli.js trace --server URL …`, as `npx mcp-lifecycle-explorer trace`
 * runs it), and plays the browser for the consent page the CLI prints: it opens the
 * printed address and follows its redirects, as a browser does when the authorization
 * server approves at once (the suite's do). It exits with the CLI's last exit code
 * that is not 0, or 0.
 */

const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, '..', '..', '..', 'dist-server', 'cli', 'cli.js');
/** The line before the address in the CLI's words (server/cli/trace.ts); the address is the next word. */
const CONSENT_PROMPT = /Open this address in a browser, sign in and approve:\s+(\S+)/;

function readContext(): unknown {
  const text = process.env.MCP_CONFORMANCE_CONTEXT;
  return text ? (JSON.parse(text) as unknown) : {};
}

/** A browser at the consent page: GET it and follow redirects to the CLI's loopback callback. */
async function openInBrowser(url: string): Promise<void> {
  try {
    const response = await fetch(url, { redirect: 'follow' });
    process.stderr.write(`[browser stand-in] ${url} → ${response.status} at ${response.url}\n`);
  } catch (error) {
    process.stderr.write(`[browser stand-in] ${url} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

function runCli(run: ClientRun, environment: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string }> {
  const child = spawn(process.execPath, [CLI, 'trace', run.question, ...run.flags], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let unread = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    unread += chunk.toString();
    const consent = CONSENT_PROMPT.exec(unread);
    if (!consent) return;
    unread = unread.slice(consent.index + consent[0].length);
    void openInBrowser(consent[1]!);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, stdout })));
}

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
if (!serverUrl || !scenario) {
  console.error('Usage: MCP_CONFORMANCE_SCENARIO=NAME trace-as-client.ts SERVER_URL (the conformance suite sets both)');
  process.exit(2);
}
const context = readContext();
// A pre-registered client's secret goes where the CLI reads it, the environment, and its private key into a file only this user reads: never the command line.
const { client_secret: clientSecret, private_key_pem: privateKeyPem, idp_id_token: idToken } = ContextSchema.parse(context);
const keyDirectory = privateKeyPem ? await mkdtemp(join(tmpdir(), 'conformance-client-key-')) : undefined;
const privateKeyFile = keyDirectory ? join(keyDirectory, 'client-key.pem') : undefined;
if (privateKeyFile && privateKeyPem) await writeFile(privateKeyFile, privateKeyPem, { mode: 0o600 });
const plan = planClientRuns({
  scenario,
  serverUrl,
  context,
  protocolVersion: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION,
  ...(privateKeyFile ? { privateKeyFile } : {}),
});
const environment = { ...process.env, ...(clientSecret ? { OAUTH_CLIENT_SECRET: clientSecret } : {}), ...(idToken ? { OAUTH_IDP_ID_TOKEN: idToken } : {}) };
// A run's trace kept as a fixture, as the third-party server's scenario made it: TRACE_AS_CLIENT_KEEP names the file for the last run's trace (--json).
const keepFile = process.env.TRACE_AS_CLIENT_KEEP;
if (keepFile) for (const run of plan) if (!run.flags.includes('--json')) run.flags.push('--json');
let exitCode = 0;
let lastOutput = '';
for (const run of plan) {
  process.stderr.write(`[trace-as-client] ${scenario}: trace ${JSON.stringify(run.question)} ${run.flags.join(' ')}\n`);
  const { code, stdout } = await runCli(run, environment);
  if (code !== 0) exitCode = code;
  lastOutput = stdout;
}
if (scenario === SCHEMA_ECHO_SCENARIO && exitCode === 0) {
  const echo = planSchemaEcho({ listing: lastOutput, flags: plan[0]!.flags.filter((flag) => flag !== '--json') });
  if (!echo) {
    process.stderr.write("[trace-as-client] the first run's trace has no json_schema_2020_12_tool among the tools the client handed the host\n");
    exitCode = 1;
  } else {
    process.stderr.write(`[trace-as-client] ${scenario}: trace ${JSON.stringify(echo.question)} ${echo.flags.join(' ')}\n`);
    const { code } = await runCli(echo, environment);
    if (code !== 0) exitCode = code;
  }
}
if (keepFile && exitCode === 0) await writeFile(keepFile, lastOutput);
if (keyDirectory) await rm(keyDirectory, { recursive: true, force: true });
process.exit(exitCode);
