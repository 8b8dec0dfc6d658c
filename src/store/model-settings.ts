import {
  checkMcpHeaders,
  keepFilledHeaders,
  type McpHeader,
  DEFAULT_MAX_TOOL_ROUNDS,
  validateRoot,
  type HostRoot,
  resolveScenarioModel,
} from '../lifecycle/index.ts';
import { findWireInfo, WIRE_CATALOG } from '../providers/index.ts';
import type { McpTopology } from '../trace/index.ts';
import { isProviderMcpWire, type ApprovalPolicy } from '../trace/index.ts';
import type { Scenario } from '../content/index.ts';

/**
 * Which model the host talks to. Everything but the API key may be kept on this
 * device; the key stays in memory unless the learner asks to remember it, and it is
 * only ever given to the provider chosen (never to the MCP server, a URL or a trace).
 */
export type ModelSettings = {
  /** `tab`: a GGUF model the learner loads into this tab (src/store/tab-model/), run by llama.cpp in WebAssembly. */
  kind: 'mock' | 'real' | 'tab';
  /** The model in the tab: the tool grammar on the first round (on by default). */
  tab: { grammar: boolean };
  wire: string;
  /** Per wire format: the real provider's base URL and model, as the learner set them. */
  real: Record<string, { baseUrl: string; model: string }>;
  strict: boolean;
  /** Streamed (true) or Whole replies, for the mock and for real providers apart: real hosts stream, the mock answers whole unless asked. */
  stream: { mock: boolean; real: boolean };
  rememberKeys: boolean;
  /** Another MCP server by URL, or null for the built-in one (whose endpoint the scenario picks). */
  mcpServerUrl: string | null;
  /**
   * Headers for that server (a bearer token). Like the keys they stay in memory unless the
   * learner ticks rememberMcpHeaders; they go only to the server named by URL.
   */
  mcpHeaders: McpHeader[];
  rememberMcpHeaders: boolean;
  /**
   * A client id the learner registered beforehand with that server's authorization server,
   * or '' for none: Sign in then names it instead of a Client ID Metadata Document or
   * dynamic registration (the MCP spec's third way). An id is public, so it is kept with
   * the URL; the page is a public client and takes no client secret.
   */
  mcpClientId: string;
  /**
   * Folders shared with that server as roots (file:// URIs, optional names), or none: only
   * with some does the host declare roots and answer roots/list. Not secrets (a URI with
   * credentials is refused), so they are kept with the URL; a copied link carries neither.
   */
  mcpRoots: HostRoot[];
  /** The host stops a model that asks for tools after this many rounds (RunOptions.maxToolRounds). */
  maxToolRounds: number;
  /** Who is the MCP client: the host's own, or (OpenAI Responses, Anthropic) the provider's. */
  topology: McpTopology;
  /** Provider-side MCP with OpenAI: whether the provider asks before each call (require_approval). */
  requireApproval: ApprovalPolicy;
};

export { DEFAULT_MAX_TOOL_ROUNDS };

/** The cap a learner may set: one round at least, and few enough that a looping mock ends in a few seconds. */
export const MAX_TOOL_ROUNDS_LIMIT = 20;

export const SETTINGS_STORAGE_KEY = 'mcp-lifecycle-explorer.model-settings';
export const KEY_STORAGE_PREFIX = 'mcp-lifecycle-explorer.key.';
export const MCP_HEADERS_STORAGE_KEY = 'mcp-lifecycle-explorer.mcp-headers';

export function defaultModelSettings(): ModelSettings {
  return {
    kind: 'mock',
    tab: { grammar: true },
    wire: 'openai-chat',
    real: Object.fromEntries(WIRE_CATALOG.map((wire) => [wire.id, { baseUrl: wire.defaultBaseUrl, model: wire.defaultModel }])),
    strict: false,
    stream: { mock: false, real: true },
    rememberKeys: false,
    mcpServerUrl: null,
    mcpHeaders: [],
    rememberMcpHeaders: false,
    mcpClientId: '',
    mcpRoots: [],
    maxToolRounds: DEFAULT_MAX_TOOL_ROUNDS,
    topology: 'host',
    requireApproval: 'always',
  };
}

/** A URL with a user name or password is never kept: credentials go in a header. */
export function hasUrlCredentials(address: string): boolean {
  try {
    const url = new URL(address);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Settings saved on this device, checked field by field: anything odd falls back to the default. */
export function loadModelSettings(): ModelSettings {
  const defaults = defaultModelSettings();
  let saved: unknown;
  try {
    saved = JSON.parse(storage()?.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof saved !== 'object' || saved === null) return defaults;
  const record = saved as Partial<Record<keyof ModelSettings, unknown>>;
  const real = { ...defaults.real };
  if (typeof record.real === 'object' && record.real !== null) {
    for (const [wire, value] of Object.entries(record.real as Record<string, unknown>)) {
      const entry = value as { baseUrl?: unknown; model?: unknown } | null;
      if (findWireInfo(wire) && typeof entry?.baseUrl === 'string' && typeof entry.model === 'string') {
        real[wire] = { baseUrl: entry.baseUrl, model: entry.model };
      }
    }
  }
  return {
    kind: record.kind === 'real' || record.kind === 'tab' ? record.kind : 'mock',
    // Only an explicit false turns the grammar off.
    tab: { grammar: !(typeof record.tab === 'object' && record.tab !== null && 'grammar' in record.tab && record.tab.grammar === false) },
    wire: typeof record.wire === 'string' && findWireInfo(record.wire) ? record.wire : defaults.wire,
    real,
    strict: record.strict === true,
    stream: readStream(record.stream, defaults.stream),
    rememberKeys: record.rememberKeys === true,
    mcpServerUrl:
      typeof record.mcpServerUrl === 'string' && record.mcpServerUrl.trim() !== '' && !hasUrlCredentials(record.mcpServerUrl) ? record.mcpServerUrl : null,
    rememberMcpHeaders: record.rememberMcpHeaders === true,
    mcpHeaders: record.rememberMcpHeaders === true ? loadRememberedMcpHeaders() : [],
    mcpClientId: typeof record.mcpClientId === 'string' ? record.mcpClientId.trim() : '',
    mcpRoots: readStoredRoots(record.mcpRoots),
    maxToolRounds: readMaxToolRounds(record.maxToolRounds),
    topology: record.topology === 'provider' ? 'provider' : 'host',
    requireApproval: record.requireApproval === 'never' ? 'never' : 'always',
  };
}

/**
 * Who is the MCP client in the run about to start, and in which format: a scenario whose
 * lesson is provider-side MCP takes its own format when the learner's cannot run it; a
 * learner's provider-side setting holds where the format has it, and never with the model in the tab.
 */
export function resolveTopology({ settings, scenario }: { settings: Pick<ModelSettings, 'kind' | 'topology' | 'wire'>; scenario: Scenario | undefined }): {
  topology: McpTopology;
  wire: string;
} {
  // The model in the tab is reached by no wire with a provider, so no provider can be its MCP client: the host's is, in every lesson.
  if (settings.kind === 'tab') return { topology: 'host', wire: settings.wire };
  const topology = settings.topology === 'provider' && isProviderMcpWire(settings.wire) ? 'provider' : 'host';
  return resolveScenarioModel({ scenario, wire: settings.wire, topology, defaultWire: settings.wire });
}

/** A whole number of rounds from 1 to MAX_TOOL_ROUNDS_LIMIT, or the default for anything else. */
export function readMaxToolRounds(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_TOOL_ROUNDS_LIMIT ? value : DEFAULT_MAX_TOOL_ROUNDS;
}

/**
 * The cap the learner chose for every scenario, or none while the setting is the default:
 * a scenario's own cap is its lesson (the round-cap scenario stops after three), so it holds
 * then (buildScenarioRunOptions); a learner who set another number asked for that one.
 */
export function readChosenMaxToolRounds(settings: Pick<ModelSettings, 'maxToolRounds'>): number | undefined {
  return settings.maxToolRounds !== DEFAULT_MAX_TOOL_ROUNDS ? settings.maxToolRounds : undefined;
}

/** Whether replies stream, as the learner chose it for the kind of model in use. */
export function readStreamChoice(settings: Pick<ModelSettings, 'kind' | 'stream'>): boolean {
  // The model in the tab has no HTTP stream to ask for: its tokens arrive one by one whatever the choice.
  return settings.kind === 'tab' ? false : settings.stream[settings.kind];
}

function readStream(saved: unknown, defaults: ModelSettings['stream']): ModelSettings['stream'] {
  if (typeof saved !== 'object' || saved === null) return defaults;
  const mock = 'mock' in saved ? saved.mock : undefined;
  const real = 'real' in saved ? saved.real : undefined;
  return { mock: typeof mock === 'boolean' ? mock : defaults.mock, real: typeof real === 'boolean' ? real : defaults.real };
}

/**
 * The MCP server settings as they may be applied (empty header rows dropped), or what is
 * wrong with them: a URL with credentials is refused before it is kept anywhere.
 */
export function prepareMcpServerSettings(settings: ModelSettings): { settings: ModelSettings; problems: string[] } {
  const mcpHeaders = keepFilledHeaders(settings.mcpHeaders);
  const problems: string[] = [];
  if (settings.mcpServerUrl !== null && hasUrlCredentials(settings.mcpServerUrl)) {
    problems.push(
      'The MCP server URL holds a user name or password. Remove them and send the credentials as a header below instead (Authorization: Basic … or Bearer …).',
    );
  }
  if (settings.mcpServerUrl !== null) problems.push(...checkMcpHeaders(mcpHeaders));
  const checked = checkRoots(settings.mcpRoots);
  if (settings.mcpServerUrl !== null) problems.push(...checked.problems);
  if (settings.kind !== 'tab' && settings.topology === 'provider' && !isProviderMcpWire(settings.wire)) {
    problems.push(
      'Only OpenAI Responses and Anthropic Messages have a provider that calls the MCP server itself: choose one of them as the wire format, or let the host be the MCP client.',
    );
  }
  return { settings: { ...settings, mcpHeaders, mcpClientId: settings.mcpClientId.trim(), mcpRoots: checked.roots }, problems };
}

/** The root rows as they may be kept (empty rows dropped, each checked), and what is wrong with the others, by row. */
function checkRoots(rows: HostRoot[]): { roots: HostRoot[]; problems: string[] } {
  const roots: HostRoot[] = [];
  const problems: string[] = [];
  rows.forEach((row, index) => {
    if (row.uri.trim() === '' && (row.name ?? '').trim() === '') return;
    const checked = validateRoot(row);
    if ('error' in checked) problems.push(`Root ${index + 1}: ${checked.error}`);
    else roots.push(checked.root);
  });
  return { roots, problems };
}

/** Stored roots, each checked again: one that is no longer valid is dropped, not repaired. */
function readStoredRoots(saved: unknown): HostRoot[] {
  if (!Array.isArray(saved)) return [];
  return saved.flatMap((value: unknown) => {
    if (typeof value !== 'object' || value === null || !('uri' in value) || typeof value.uri !== 'string') return [];
    const name = 'name' in value && typeof value.name === 'string' ? value.name : undefined;
    const checked = validateRoot({ uri: value.uri, ...(name !== undefined ? { name } : {}) });
    return 'error' in checked ? [] : [checked.root];
  });
}

/** One stored header, checked field by field like the rest of the settings (no zod on the first page). */
function readStoredHeader(value: unknown): McpHeader[] {
  if (typeof value !== 'object' || value === null || !('name' in value) || !('value' in value)) return [];
  const { name, value: text } = value;
  if (typeof name !== 'string' || typeof text !== 'string') return [];
  return [{ name, value: text, ...('secret' in value && value.secret === true ? { secret: true } : {}) }];
}

function loadRememberedMcpHeaders(): McpHeader[] {
  let saved: unknown;
  try {
    saved = JSON.parse(storage()?.getItem(MCP_HEADERS_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(saved) ? saved.flatMap(readStoredHeader) : [];
}

/**
 * Saves the settings; the headers go to their own entry, and only when the learner asked to
 * remember them (otherwise any stored copy is removed), as the keys do.
 */
export function saveModelSettings(settings: ModelSettings): void {
  const { mcpHeaders, ...kept } = settings;
  const store = storage();
  try {
    store?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(kept));
    if (settings.rememberMcpHeaders && mcpHeaders.length > 0) store?.setItem(MCP_HEADERS_STORAGE_KEY, JSON.stringify(mcpHeaders));
    else store?.removeItem(MCP_HEADERS_STORAGE_KEY);
  } catch {
    // A browser that refuses storage still works; the settings last until the page closes.
  }
}

/** Keys the learner asked this device to remember, by the variable name of their provider. */
export function loadRememberedKeys(): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const wire of WIRE_CATALOG) {
    if (!wire.keyVariable) continue;
    const value = storage()?.getItem(`${KEY_STORAGE_PREFIX}${wire.keyVariable}`);
    if (value) keys[wire.keyVariable] = value;
  }
  return keys;
}

/** Writes the keys when remembering is on, and removes every stored key when it is off. */
export function storeKeys(keys: Record<string, string>, remember: boolean): void {
  const store = storage();
  if (!store) return;
  for (const wire of WIRE_CATALOG) {
    if (!wire.keyVariable) continue;
    const name = `${KEY_STORAGE_PREFIX}${wire.keyVariable}`;
    const value = keys[wire.keyVariable];
    try {
      if (remember && value) store.setItem(name, value);
      else store.removeItem(name);
    } catch {
      // Nothing to do: the key simply stays in memory only.
    }
  }
}
