import type { ElicitResult, FetchLike, Transport } from '@modelcontextprotocol/client';
import type { McpTool, WireAdapter } from '../providers/index.ts';
import type { StepId, EraChoice, Phase, Step, Trace, GatedUrl, McpTopology, ApprovalDecision, ApprovalPolicy } from '../trace/index.ts';
import type { ClientCredentials, ClientPrivateKey } from '../mcp/index.ts';
import type { AppViewHost, OpenLinkDecision } from './app-view-host.ts';
import type { Authorization, ConsentDecision, PromptChoice, ViewSession } from './run-state-types.ts';
import type { FaultReader, FaultWords } from './fault-words.ts';
import type { Release } from './gate.ts';
import type { McpConnection } from './mcp-connection.ts';
import type { McpHeader } from './mcp-headers.ts';
import type { McpTraffic } from './mcp-traffic.ts';
import type { HostRoot } from './roots.ts';
import type { McpWatchdog } from './mcp-watchdog.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { TabModel } from './tab-model.ts';
import type { RunLimits, RunTimeouts } from './timeouts.ts';
import type { PendingStep, StepFields, TraceWriter } from './trace-writer.ts';

/**
 * What a run is asked to do: first the core every part of it reads (the question, the era, the
 * server and how to reach it, the provider, the gate, the bounds), then what it asks of the
 * server beyond tools, then one group per feature that has settings of its own. Each feature
 * names in its RunSlice the fields and groups it reads, and sees nothing else.
 */
export type RunOptions = {
  question: string;
  /** A pinned era, or auto: try 2026-07-28, fall back in the open to 2025-11-25. */
  era: EraChoice;
  mcpUrl: string;
  /**
   * Origins the learner chose that may be reached over plain http beyond this machine, besides
   * the MCP server's own (always one): the explorer's origin, for a class served over a LAN
   * without https. Every address from outside passes the URL gate (src/lifecycle/url-refusal.ts) with these.
   */
  httpOrigins?: string[];
  /** Headers for the MCP server (a bearer token): sent to it alone, their secret values redacted everywhere else. */
  mcpHeaders?: McpHeader[];
  /**
   * The MCP server by another transport than Streamable HTTP: a stdio program the CLI
   * starts (the SDK's StdioClientTransport), made anew for each connection. Its messages
   * are recorded as they are sent and read; mcpUrl then only names the server.
   */
  mcpTransport?: () => Transport;
  /** Resolves when the server the run talks to can answer (the static site's Service Worker); the run waits for it after its first host steps, before its first message. */
  serverReady?: Promise<void>;
  provider: ProviderSettings;
  /**
   * The model in the learner's own tab (provider.kind 'tab'): its runner and its chat
   * template's translations, made by the page when the learner loaded a GGUF file. The run
   * calls it in place of a provider; nothing of it goes over HTTP.
   */
  tabModel?: TabModel;
  /**
   * Who is the MCP client: the host's own (the default, the article's story), or the
   * provider's (OpenAI Responses' mcp tool, Anthropic's MCP connector), which the host
   * hands the server to and hears from only as the provider reports it.
   */
  topology?: McpTopology;
  /** The fetch that really reaches the network; the recorder wraps it. */
  fetch?: FetchLike;
  /** Open every gate at once (the CLI, benchmarks). */
  autoRelease?: boolean;
  /** How long one network exchange may take, not counting the pause before it (src/lifecycle/timeouts.ts has the defaults). */
  networkTimeoutMs?: number;
  /** The bounds of each exchange in all (time, frames, bytes); src/lifecycle/timeouts.ts has the defaults. */
  limits?: RunLimits;
  /** How many model rounds with tool calls before the host stops the loop. */
  maxToolRounds?: number;
  now?: () => number;
  /** Where the run's faults are read, for their words of what to do: the page (the default) or the CLI. */
  reader?: FaultReader;
  // Beyond tools: a prompt to start from, resources to list, roots to share.
  /** Start from this prompt of the server (prompts/get) instead of the question alone. */
  prompt?: PromptChoice;
  /** List the server's resources during discovery (resources/list). */
  listResources?: boolean;
  /** Folders the user shares with the server (the CLI's --root, the page's settings): with none, the host declares no roots. */
  roots?: HostRoot[];
  // Feature groups.
  /** The MCP authorization flow (OAuth), run when the server answers 401; without it a 401 ends the run with advice. */
  authorization?: AuthorizationSettings;
  /** Provider-side MCP: how the provider is to ask, and how the host can learn what the server saw. */
  providerMcp?: ProviderMcpOptions;
  /**
   * A screen to show tools' views on (MCP Apps), and what may open from them. Without one the
   * host declares no UI extension and, for a tool with a view, says what a host with a screen
   * would have rendered and sent (the CLI).
   */
  appViews?: AppViewOptions;
  /** The answers at the host's own gates when nobody is there to give them (autoRelease: the CLI's flags, the era twins). */
  answers?: GateAnswers;
  /** What the host does with a task the server makes of a call. */
  tasks?: TaskOptions;
};

/** The answers at the host's own gates when nobody is there to give them; each gate's default otherwise. */
export type GateAnswers = {
  /** At a consent gate (the CLI's --consent); allow unless told. */
  consent?: ConsentDecision;
  /** To a server's elicitation (the CLI's --elicitation-answer); else the form's defaults. */
  elicitation?: ElicitResult;
};

export type TaskOptions = {
  /** Cancel a task once the host has seen its first status (the CLI's --cancel-task), as a learner's Cancel would. */
  cancelAfterFirstStatus?: boolean;
};

export type AppViewOptions = {
  /** The screen: the page's sandboxed frames (a test's in-memory view in Node). */
  host: AppViewHost;
  /** The answer when a view asks to open a link and nobody is at the gate; keep it closed unless told. */
  openLinkAnswer?: OpenLinkDecision;
};

export type ProviderMcpOptions = {
  /** Whether the provider asks before each call (OpenAI's require_approval; Anthropic asks never). Default: always for OpenAI, as OpenAI's own default. */
  requireApproval?: ApprovalPolicy;
  /** The user's answer to an approval request when nobody is at the gate (the CLI's --approval); approve unless told. */
  approvalAnswer?: ApprovalDecision;
  /**
   * Where the app's built-in server gives back its record of a run (…/mcp/record), when the
   * server is that one: the host names the run in the server URL it hands the provider, and
   * reads what the server saw after each reply. Absent for a server that is not ours.
   */
  serverRecordUrl?: string;
  /**
   * The server lives in this page's Service Worker (the static site): no provider's servers
   * can reach it, which the host says before the request when the model is real.
   */
  serverInBrowser?: boolean;
};

/**
 * How this host takes part in the authorization flow, which differs by where it runs:
 * the page opens a popup and reads the redirect on its callback page, the CLI listens on
 * a loopback port (or prints the URL), a test drives the consent page itself.
 */
export type AuthorizationSettings = {
  /** Where the authorization server sends the browser back with the code. */
  redirectUri: string;
  /** The URL of the explorer's Client ID Metadata Document, used when the server supports them. */
  clientMetadataUrl?: string;
  /** A client id registered beforehand (the learner's), used first when given. */
  clientId?: string;
  clientSecret?: string;
  /**
   * A machine client (the MCP client credentials extension, SEP-1046): the host asks the
   * token endpoint for a token with these credentials, registered beforehand by the
   * client's operator, authenticating by its secret (client_secret_basic) or by an
   * assertion signed with its private key (private_key_jwt); no person, consent or
   * registration takes part. When given, clientId and clientSecret above are not used.
   */
  machineClient?: {
    clientId: string;
    clientSecret?: string;
    privateKey?: ClientPrivateKey;
    /**
     * Enterprise-managed authorization (SEP-990): in place of client_credentials, the
     * user's ID token from the enterprise's identity provider is exchanged there for an
     * ID-JAG, which the client presents as a jwt-bearer grant with its own credentials.
     */
    enterprise?: { idToken: string; idpTokenEndpoint: string; idpClientId?: string };
  };
  /**
   * Sends the user to the authorization URL (it passed the URL gate); resolves with the redirect
   * URL the browser came back to. `state` is the one in the URL: a redirect without it is not this flow's.
   */
  obtainConsent: (request: { authorizationUrl: GatedUrl; redirectUri: string; state: string; signal: AbortSignal }) => Promise<string>;
  /** The sandbox's codes and tokens are made up for class: they may be shown, not redacted. */
  showSecrets?: boolean;
};

/** A model that keeps calling tools is stopped after this many rounds, unless the scenario says otherwise. */
export const DEFAULT_MAX_TOOL_ROUNDS = 5;

/**
 * The little a run changes as it goes, in one place: each part of the engine reads and
 * writes it here, and nothing else is mutable.
 */
export type RunState = {
  /** The phase of the latest step: a fault raised now belongs to it. */
  phase: Phase;
  /** The MCP client, once the host has started connecting. */
  connection: McpConnection | undefined;
  /** Stops the provider request on the wire, while there is one. */
  cancelProviderRequest: (() => void) | null;
  /** The tools as last listed (their annotations decide the consent gate). */
  tools: McpTool[];
  /** The step number of the latest tools/list answer: a list_changed after it means list again. */
  toolsListedAt: number;
  /** The user denied a call at the consent gate: the run ends declined, not complete. */
  declined: boolean;
  /** The token the authorization flow obtained, sent as Authorization: Bearer from then on. */
  authorization?: Authorization;
  /**
   * The client identity each authorization server gave or accepted, by issuer: credentials are
   * bound to the server that issued them (SEP-2352), so a resource that moves to another
   * server gets a registration there, and one that comes back finds its first client again.
   */
  clientsByIssuer: Map<string, ClientCredentials>;
  /** Stops the tools/call in flight (the SDK sends notifications/cancelled), or cancels the task it became (tasks/cancel), while there is one. */
  cancelToolCall: (() => void) | null;
  /**
   * The host's error answer to a 2026-07-28 input request (declined, timed out), which
   * inputResponses cannot carry: the SDK ends the call at the client, so the error the
   * host then reads is its own, not the server's.
   */
  unsentInputAnswer: string | null;
  /** The tools' views on screen (MCP Apps), until they are closed. */
  views: ViewSession[];
  /** Ends the wait of a run whose views stay on screen after the answer (the learner's Close). */
  closeViews: (() => void) | null;
};

/** Holds at the gate, then records the host's own step (as the learner edited it, for a message). */
export type HostStep = (id: StepId, fields: StepFields, pendingTitle?: string, editable?: boolean, asks?: UserQuestion) => Promise<Step>;

/**
 * A gate that asks the user (consent, sampling review, elicitation): its step records who
 * answered (step.gate). `preset`: an answer was given before the run (a CLI flag); `urlMode`:
 * the question is a page to open, and whether it was opened is recorded too.
 */
export type UserQuestion = {
  preset: boolean;
  urlMode?: boolean;
  /** The gate opens only with the user's own answer: Next alone does not answer for them (the provider's approval request). */
  answerRequired?: boolean;
};

/**
 * What every part of one run shares: its options, its trace, its gate, and its MCP plumbing.
 * Only the engine takes it whole; each feature takes the RunSlice it declares (below).
 */
export type RunContext = {
  options: RunOptions;
  adapter: WireAdapter;
  trace: Trace;
  writer: TraceWriter;
  state: RunState;
  /** Aborted when the learner resets the run. */
  signal: AbortSignal;
  timeouts: RunTimeouts;
  gate: (next: PendingStep) => Promise<Release>;
  /** Takes back the message at the gate unsent, when `matches` picks it (the learner cancelled what it was for). */
  withdrawFromGate: (matches: (pending: PendingStep) => boolean) => boolean;
  hostStep: HostStep;
  watchdog: McpWatchdog;
  traffic: McpTraffic;
  /** The recording fetch the MCP client talks through. */
  mcpFetch: FetchLike;
  /** The run's secret values, shared by the recorder and the trace writer; the authorization flow adds its tokens here. */
  secrets: string[];
  /** What to do after a fault, in the words of where it is read (options.reader). */
  say: FaultWords;
};

/**
 * What one feature of a run is given of its context: the parts it names, and of the options
 * and the state only the fields it names. Each feature declares its own beside its functions,
 * so one that reaches for anything else fails the type-check; only the engine, which wires
 * the features together, takes the whole RunContext (tests/architecture/run-context-slices.test.ts).
 */
export type RunSlice<
  Parts extends Exclude<keyof RunContext, 'options' | 'state'> = never,
  Options extends keyof RunOptions = never,
  State extends keyof RunState = never,
> = Pick<RunContext, Parts> &
  ([Options] extends [never] ? unknown : { options: Pick<RunOptions, Options> }) &
  ([State] extends [never] ? unknown : { state: Pick<RunState, State> });
