import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import {
  readElicitationAnswer,
  readRootArgument,
  formatTraceJson,
  formatTraceText,
  buildScenarioMockProvider,
  buildScenarioRunOptions,
  isSandboxScenario,
  resolveScenarioModel,
} from '../../src/lifecycle/index.ts';
import type { ProviderSettings, AuthorizationSettings } from '../../src/lifecycle/index.ts';
import { getWireAdapter, findWireInfo, WIRE_CATALOG, type WireInfo } from '../../src/providers/index.ts';
import { DEFAULT_SCENARIO_ID, findEraRefusal, findScenario, SCENARIOS, describeUnreachableServer } from '../../src/content/index.ts';
import { parseStdioCommand, serve, startLoopbackRedirect, type LoopbackRedirect } from '../node/index.ts';
import { CLIENT_METADATA_PATH, SANDBOX_FAULTS, SandboxFaultSchema, SERVER_RECORD_PATH } from '../../src/trace/index.ts';
import { approveSandboxConsent } from './approve-sandbox-consent.ts';
import { EXPORT_FLAG_OPTIONS, printExport, readExportChoice, sendToCollector } from './trace-exports.ts';
import { readServerFlags } from './read-server-flags.ts';
import { readPromptFlags } from './read-prompt-flags.ts';
import { exitCodeFor } from './exit-code.ts';
import { createStdioTransport } from './stdio-transport.ts';
import { readTopologyFlags, TOPOLOGY_FLAG_OPTIONS } from './read-topology-flags.ts';
import { MACHINE_CLIENT_FLAG_OPTIONS, readMachineClientFlags } from './read-machine-client-flags.ts';
import { formatTwinJson, formatTwinText } from './format-twin.ts';
import { TRACE_USAGE as usage } from './trace-usage.ts';

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      era: { type: 'string' },
      scenario: { type: 'string', default: DEFAULT_SCENARIO_ID },
      wire: { type: 'string' },
      model: { type: 'string', default: 'mock' },
      'model-name': { type: 'string' },
      'base-url': { type: 'string' },
      strict: { type: 'boolean', default: false },
      stream: { type: 'boolean', default: false },
      whole: { type: 'boolean', default: false },
      server: { type: 'string' },
      header: { type: 'string', multiple: true },
      'secret-header': { type: 'string', multiple: true },
      stdio: { type: 'string' },
      authorize: { type: 'boolean', default: false },
      'client-id': { type: 'string' },
      'auth-fault': { type: 'string' },
      'elicitation-answer': { type: 'string' },
      root: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      consent: { type: 'string', default: 'allow' },
      prompt: { type: 'string' },
      'prompt-arg': { type: 'string', multiple: true },
      'cancel-task': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
      ...EXPORT_FLAG_OPTIONS,
      ...TOPOLOGY_FLAG_OPTIONS,
      ...MACHINE_CLIENT_FLAG_OPTIONS,
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const scenario = findScenario(values.scenario);
if (!scenario) fail(`Unknown scenario "${values.scenario}": use one of ${SCENARIOS.map((entry) => entry.id).join(', ')}.`);
const serverChoice = readServerFlags({
  server: values.server,
  era: values.era,
  header: values.header,
  secretHeader: values['secret-header'],
  ...(scenario.era ? { scenarioEra: scenario.era } : {}),
});
if ('error' in serverChoice) fail(serverChoice.error);
const eraRefusal = findEraRefusal(scenario, serverChoice.era);
// The built-in server runs a scenario in its own era by default; a named one defaults to auto.
const builtIn = values.server === undefined && values.stdio === undefined;
if (eraRefusal)
  fail(
    `The scenario ${scenario.id} cannot run in ${serverChoice.era}, whichever server answers: ${eraRefusal.why} Run it with --era ${eraRefusal.era}${builtIn ? ' (its own era, the default)' : ''}.`,
  );
if (values.server !== undefined && values.stdio !== undefined) fail('--server and --stdio both name the MCP server: give one.');
const stdioCommand = values.stdio === undefined ? undefined : parseStdioCommand(values.stdio);
if (stdioCommand && !stdioCommand.ok) fail(`--stdio "${values.stdio}" cannot be read: ${stdioCommand.reason}.`);
const promptChoice = readPromptFlags({ prompt: values.prompt, promptArg: values['prompt-arg'] });
if ('error' in promptChoice) fail(promptChoice.error);
const exportChoice = readExportChoice(values);
if (exportChoice.error) fail(exportChoice.error);
const elicitation = values['elicitation-answer'] === undefined ? undefined : readElicitationAnswer(values['elicitation-answer']);
if (elicitation && 'error' in elicitation) fail(elicitation.error);
const roots = (values.root ?? []).map((text) => {
  const read = readRootArgument(text, (path) => pathToFileURL(path).href);
  return 'error' in read ? fail(read.error) : read.root;
});
const question = positionals.length > 0 ? positionals.join(' ') : scenario.question;
// A scenario whose lesson needs a format (provider-side MCP) names it; --wire still wins (and is checked against the topology below).
const lesson = resolveScenarioModel({ scenario, wire: values.wire, defaultWire: values.twin ? 'openai-responses' : 'openai-chat', wireHolds: true });
const wireId = lesson.wire;
const wire = findWireInfo(wireId);
if (!wire || !getWireAdapter(wireId)) fail(`Unknown wire format "${wireId}": use one of ${WIRE_CATALOG.map((entry) => entry.id).join(', ')}.`);
// The page's third model, a GGUF file in the learner's tab, runs llama.cpp compiled to WebAssembly in a Web Worker
// (@wllama/wllama needs a browser: Worker, Blob URLs, navigator); Node has no such worker, so the CLI says where it runs.
if (values.model === 'tab') {
  console.error(
    [
      'The model in the tab runs only in the page: it is llama.cpp compiled to WebAssembly, run in a browser worker, and this terminal has none.',
      'Open the explorer (npx mcp-lifecycle-explorer, or the static site), choose "A small open model in this tab" in the model settings and open your GGUF file there.',
      "For a model on this machine from the CLI, serve it with llama.cpp's llama-server or Ollama and use --model real --wire openai-chat --base-url http://127.0.0.1:8080/v1 (or --wire ollama).",
    ].join('\n'),
  );
  process.exit(2);
}
if (values.model !== 'mock' && values.model !== 'real') fail(`--model is mock, real or tab (tab runs only in the page), not "${values.model}".`);
if (values.stream && values.whole) fail('Give --stream or --whole, not both.');
// Real hosts stream; the mock answers whole unless asked, so its traces stay short.
const stream = values.stream || (values.model === 'real' && !values.whole);
if (values.consent !== 'allow' && values.consent !== 'deny')
  fail(`--consent is allow or deny (the answer at a destructive tool's consent gate), not "${values.consent}".`);

/** The real provider from flags and the environment; the key is read here and only given to the engine. */
function readRealProvider(info: WireInfo): ProviderSettings {
  const apiKey = info.keyVariable ? process.env[info.keyVariable] : undefined;
  const baseUrl = values['base-url'] ?? (info.id === 'ollama' && process.env.OLLAMA_HOST ? process.env.OLLAMA_HOST : info.defaultBaseUrl);
  // The provider's own service needs its key; a compatible server at a base URL of your own (llama.cpp, vLLM, LM Studio) may need none.
  if (info.keyVariable && !apiKey && baseUrl === info.defaultBaseUrl) {
    fail(
      `--model real with ${info.label} needs a key: set ${info.keyVariable} in the environment (or give --base-url for a compatible server that needs none).`,
    );
  }
  return {
    wire: info.id,
    kind: 'real',
    baseUrl,
    model: values['model-name'] ?? info.defaultModel,
    strict: values.strict,
    stream,
    ...(apiKey ? { apiKey } : {}),
  };
}

// The built-in sandbox: its own server, on the protected endpoint. Only there are the codes made up, so shown, and the consent approved here.
const sandbox = serverChoice.mcpUrl === undefined && stdioCommand === undefined && isSandboxScenario(scenario);
const authorize = values.authorize || sandbox;
if (values['client-id'] !== undefined && !authorize) fail('--client-id is for the authorization flow: add --authorize.');
const authFault = values['auth-fault'] === undefined ? undefined : SandboxFaultSchema.safeParse(values['auth-fault']);
const machineChoice = await readMachineClientFlags({
  grant: values.grant,
  clientId: values['client-id'],
  privateKeyFile: values['private-key-file'],
  privateKeyAlg: values['private-key-alg'],
  idpTokenEndpoint: values['idp-token-endpoint'],
  idpClientId: values['idp-client-id'],
  authorize,
  clientSecret: process.env.OAUTH_CLIENT_SECRET,
  idToken: process.env.OAUTH_IDP_ID_TOKEN,
});
if ('error' in machineChoice) fail(machineChoice.error);
if (authFault && !authFault.success) fail(`--auth-fault is one of ${SANDBOX_FAULTS.join(', ')}, not "${values['auth-fault']}".`);
if (authFault && !sandbox) fail('--auth-fault switches a fault of the built-in sandbox: use it with --scenario authorization and no --server or --stdio.');
const topologyChoice = readTopologyFlags({
  topology: values.topology,
  requireApproval: values['require-approval'],
  approval: values.approval,
  scenarioTopology: lesson.topology,
  wire: wireId,
  stdio: stdioCommand !== undefined,
  twin: values.twin,
});
if ('error' in topologyChoice) fail(topologyChoice.error);
// A task is followed by the host's MCP client; in the provider's topology the host makes no tools/call, so there is none to cancel.
if (values['cancel-task'] && topologyChoice.topology === 'provider' && !values.twin)
  fail(
    "--cancel-task cancels a task the host follows, but with --topology provider the provider's MCP client makes the calls and the host follows none: leave out --cancel-task, or --topology provider.",
  );

/** The CLI's part in the authorization flow: the consent URL printed on stderr (stdout keeps the trace), the redirect read on loopback. */
function readAuthorizationSettings({ redirect, localUrl }: { redirect: LoopbackRedirect; localUrl: string }): AuthorizationSettings {
  const clientSecret = process.env.OAUTH_CLIENT_SECRET;
  return {
    redirectUri: redirect.redirectUri,
    // The explorer's document, served by this CLI's own server: only a server on this machine can fetch it, so the flow offers it only to one.
    clientMetadataUrl: `${localUrl}${CLIENT_METADATA_PATH}`,
    ...(values['client-id'] !== undefined ? { clientId: values['client-id'], ...(clientSecret ? { clientSecret } : {}) } : {}),
    ...('machineClient' in machineChoice && machineChoice.machineClient ? { machineClient: machineChoice.machineClient } : {}),
    ...(sandbox ? { showSecrets: true } : {}),
    obtainConsent: async ({ authorizationUrl, state, signal }) => {
      if (sandbox) {
        console.error(
          `\nThe built-in sandbox wants authorization. Its consent page is approved here, as a click on Approve would (no browser needed):\n\n  ${authorizationUrl}\n`,
        );
        return approveSandboxConsent({ authorizationUrl, signal });
      }
      console.error(
        `\nThe MCP server wants authorization. Open this address in a browser, sign in and approve:\n\n  ${authorizationUrl}\n\nWaiting for the redirect to ${redirect.redirectUri} …\n`,
      );
      // Only the redirect that carries the flow's state ends the wait; a forged request to the port does not.
      return redirect.waitForRedirect({
        state,
        signal,
        onRefused: (reason) => console.error(`A request reached ${redirect.redirectUri} and was refused (400): ${reason}. Still waiting …`),
      });
    },
  };
}

const local = await serve({ port: 0, log: (line) => console.error(line) });
const loopback = authorize ? await startLoopbackRedirect() : undefined;
try {
  const provider: ProviderSettings =
    values.model === 'real'
      ? readRealProvider(wire)
      : buildScenarioMockProvider({ scenario, wire, resolveAppPath: (path) => `${local.url}${path}`, strict: values.strict, stream });
  const stdio = stdioCommand?.ok ? stdioCommand.command : undefined;
  const mcpUrl = stdio ? `stdio:${values.stdio}` : serverChoice.mcpUrl;
  // The built-in server keeps a record of what the provider's client asked of it, which the host reads back.
  const builtInServer = serverChoice.mcpUrl === undefined && stdio === undefined;
  const topology =
    topologyChoice.providerMcp && builtInServer
      ? { ...topologyChoice, providerMcp: { ...topologyChoice.providerMcp, serverRecordUrl: `${local.url}${SERVER_RECORD_PATH}` } }
      : topologyChoice;
  // The CLI's run: the scenario's, with what the flags chose, the host run of --twin with the host's own client.
  const buildRunOptions = (chosenTopology: typeof topology) => ({
    ...buildScenarioRunOptions({
      scenario,
      question,
      era: serverChoice.era,
      resolveAppPath: (path) => `${local.url}${path}`,
      provider,
      ...(mcpUrl ? { mcpUrl } : {}),
      ...(authFault?.success ? { authFault: authFault.data } : {}),
      ...(promptChoice.prompt ? { prompt: promptChoice.prompt } : {}),
      topology: chosenTopology,
      autoRelease: true,
      answers: {
        ...(elicitation ? { elicitation: elicitation.answer } : {}),
        ...(values.consent === 'deny' ? { consent: 'deny' as const } : {}),
      },
    }),
    mcpHeaders: serverChoice.mcpHeaders,
    // The server's stderr is its log: it goes to this terminal's stderr, beside the trace on stdout, escaped.
    ...(stdio ? { mcpTransport: () => createStdioTransport(stdio) } : {}),
    // The faults are read at a terminal: what to do is said in flags, never a button.
    reader: 'cli' as const,
    ...(loopback ? { authorization: readAuthorizationSettings({ redirect: loopback, localUrl: local.url }) } : {}),
    ...(roots.length > 0 ? { roots } : {}),
    ...(values['cancel-task'] ? { tasks: { cancelAfterFirstStatus: true } } : {}),
  });
  const runOptions = buildRunOptions(topology);
  // The truth of the real world, said before the request: a provider's servers cannot reach this machine.
  const unreachable =
    topology.topology === 'provider' && provider.kind === 'real' ? describeUnreachableServer({ url: runOptions.mcpUrl, inBrowser: false }) : undefined;
  if (unreachable) console.error(`Before the request: ${unreachable}\n`);
  if (values.twin) {
    // The twin view: the host's own client first, then the provider's, the same question to the same server.
    const host = await createLifecycleRun(buildRunOptions({ topology: 'host' })).start();
    const providerSide = await createLifecycleRun(runOptions).start();
    if (values.json) process.stdout.write(formatTwinJson({ host, provider: providerSide }));
    else console.log(formatTwinText({ host, provider: providerSide }));
    // The first run that did not end in a full answer names the exit code.
    process.exitCode = exitCodeFor(host.status) || exitCodeFor(providerSide.status);
  } else {
    const trace = await createLifecycleRun(runOptions).start();
    if (values.json) process.stdout.write(formatTraceJson({ trace }));
    else if (exportChoice.format) printExport({ trace, format: exportChoice.format });
    else console.log(formatTraceText({ trace, maxPayloadLength: values.full ? 0 : 600 }));
    const sent = exportChoice.endpoint ? await sendToCollector({ trace, endpoint: exportChoice.endpoint }) : true;
    process.exitCode = sent ? exitCodeFor(trace.status) : 1;
  }
} finally {
  await loopback?.close();
  await local.close();
}
