import type { Scenario } from '../content/index.ts';
import type { WireInfo } from '../providers/index.ts';
import { MOCK_MODEL_NAME, isProviderMcpWire, PROVIDER_MCP_WIRES } from '../trace/index.ts';
import type { McpTopology } from '../trace/index.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { RunOptions } from './run-context.ts';

/**
 * What a built-in scenario sets of a run, in one place for the page, its era twins, the CLI
 * and the tests: its endpoint on the app's own server, its mock model, its caps, its prompt,
 * whether the host lists resources, who is the MCP client and in which format, and whether
 * its endpoint is the authorization sandbox. Nothing else reads these fields of a scenario
 * (tests/architecture/scenario-options.test.ts holds it). Each caller says what its learner
 * or its flags chose; a choice left out is the scenario's own.
 */

/** A path of the app's own server (an MCP endpoint, a mock model's base) as a full URL: the page resolves it under its base, the CLI under its server. */
export type ResolveAppPath = (path: string) => string;

/** Whether the scenario's endpoint is the built-in authorization sandbox: its failure switch is offered, its made-up values shown, its consent approvable with no browser. */
export function isSandboxScenario(scenario: Scenario | undefined): boolean {
  return scenario?.authorizationSandbox === true;
}

/** The built-in MCP server a scenario runs against (the plain endpoint without one), with the sandbox's failure switch where it has one. */
export function resolveScenarioEndpoint({
  scenario,
  resolveAppPath,
  authFault,
}: {
  scenario: Scenario | undefined;
  resolveAppPath: ResolveAppPath;
  authFault?: string | null;
}): string {
  const path = scenario?.mcpPath ?? '/mcp';
  return resolveAppPath(authFault && isSandboxScenario(scenario) ? `${path}?fault=${authFault}` : path);
}

/**
 * Who is the MCP client and in which wire format. A provider-side lesson holds its topology,
 * and its format where the chosen one cannot run it, unless `wireHolds` (the CLI, whose
 * --wire is then checked against the topology and refused with a reason). Otherwise the
 * choice holds, and the scenario's format, then `defaultWire`, where none was chosen.
 */
export function resolveScenarioModel({
  scenario,
  wire,
  topology = 'host',
  defaultWire,
  wireHolds = false,
}: {
  scenario: Scenario | undefined;
  wire: string | undefined;
  topology?: McpTopology;
  defaultWire: string;
  wireHolds?: boolean;
}): { topology: McpTopology; wire: string } {
  if (scenario?.topology === 'provider') {
    const keep = wire !== undefined && (wireHolds || isProviderMcpWire(wire));
    return { topology: 'provider', wire: keep ? wire : (scenario.wire ?? PROVIDER_MCP_WIRES[0]) };
  }
  return { topology, wire: wire ?? scenario?.wire ?? defaultWire };
}

/** The mock model in a wire format, served by the app's own server, answering as the scenario's variant. */
export function buildScenarioMockProvider({
  scenario,
  wire,
  resolveAppPath,
  strict,
  stream,
}: {
  scenario: Scenario | undefined;
  wire: Pick<WireInfo, 'id' | 'mockBasePath'>;
  resolveAppPath: ResolveAppPath;
  strict?: boolean;
  stream?: boolean;
}): ProviderSettings {
  return {
    wire: wire.id,
    kind: 'mock',
    baseUrl: resolveAppPath(wire.mockBasePath),
    model: scenario?.mockModel ?? MOCK_MODEL_NAME,
    ...(strict === undefined ? {} : { strict }),
    ...(stream === undefined ? {} : { stream }),
  };
}

/** What the page or the CLI chose for a run over a scenario; a choice left out is the scenario's own. */
export type ScenarioRunChoices = {
  scenario: Scenario | undefined;
  question: string;
  era: RunOptions['era'];
  resolveAppPath: ResolveAppPath;
  provider: ProviderSettings;
  /** An MCP server chosen instead of the scenario's endpoint (a URL, or stdio: with its command). */
  mcpUrl?: string;
  /** The sandbox's failure switch, on the scenario's endpoint. */
  authFault?: string | null;
  /** A cap chosen for every scenario; the scenario's own otherwise, then the engine's default. */
  maxToolRounds?: number;
  /** A prompt of the server chosen to start from; the scenario's own otherwise. */
  prompt?: RunOptions['prompt'];
  /** Who is the MCP client, as resolveScenarioModel chose it, with the provider's options; the scenario's own otherwise. */
  topology?: Pick<RunOptions, 'topology' | 'providerMcp'>;
  /** Every gate opened at once, where nobody is asked (the CLI, the era twins, the tests). */
  autoRelease?: boolean;
  /** The answers those gates give (the CLI's flags); each gate's default otherwise. */
  answers?: RunOptions['answers'];
};

/** A run's options from a scenario and what was chosen over it; the caller adds what is its own (headers, roots, authorization, transport). */
export function buildScenarioRunOptions(choices: ScenarioRunChoices): RunOptions {
  const { scenario } = choices;
  const maxToolRounds = choices.maxToolRounds ?? scenario?.maxToolRounds;
  const prompt = choices.prompt ?? scenario?.prompt;
  const topology = choices.topology ?? (scenario?.topology === 'provider' ? { topology: 'provider' as const } : {});
  return {
    question: choices.question,
    era: choices.era,
    mcpUrl: choices.mcpUrl ?? resolveScenarioEndpoint({ scenario, resolveAppPath: choices.resolveAppPath, authFault: choices.authFault }),
    provider: choices.provider,
    ...(maxToolRounds ? { maxToolRounds } : {}),
    ...(prompt ? { prompt } : {}),
    ...(scenario?.listResources ? { listResources: true } : {}),
    ...topology,
    ...(choices.autoRelease ? { autoRelease: true } : {}),
    ...(choices.answers ? { answers: choices.answers } : {}),
  };
}
