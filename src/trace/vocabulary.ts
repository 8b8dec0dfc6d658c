/**
 * The words of the lifecycle, as plain constants. Kept free of zod so that the first
 * page can use them without loading the validation library.
 */
/** The five parts of every run, then those only some runs have (drawn only when a run's steps name them). */
export const PARTICIPANTS = ['user', 'host', 'client', 'server', 'llm', 'bridge', 'authorization', 'app'] as const;
export type Participant = (typeof PARTICIPANTS)[number];

/** The article's four phases, and the authorization flow (OAuth), which is none of them: it happens when a server first refuses a request. */
export const PHASES = ['discovery', 'decision', 'execution', 'response', 'authorization'] as const;
export type Phase = (typeof PHASES)[number];

/** The protocol eras a connection speaks. */
export const ERAS = ['2025-11-25', '2026-07-28'] as const;
export type Era = (typeof ERAS)[number];

/**
 * What the learner may ask for: one era pinned, or `auto` (a server named by URL), where
 * the host tries 2026-07-28 and falls back, in the open, to 2025-11-25 when the server
 * does not speak it. The trace keeps the choice; protocolVersion is what was negotiated.
 */
export const ERA_CHOICES = [...ERAS, 'auto'] as const;
export type EraChoice = (typeof ERA_CHOICES)[number];

/**
 * Who answered a gate that asks the user (consent, a sampling review, an elicitation):
 * the learner with the gate's controls (or an edit), Next pressed without an answer (the
 * host's proposed answer went), an answer given before the run (the CLI's flags), or the
 * host's own default when nobody was at the gate (the CLI with no flag).
 */
export const GATE_ANSWERERS = ['learner', 'next', 'preset', 'host'] as const;
export type GateAnswerer = (typeof GATE_ANSWERERS)[number];

/**
 * Who is the MCP client. `host`: the host's own client calls the server and the host
 * translates between MCP and the model's format (the article's story). `provider`: the
 * provider's own client calls the server (OpenAI Responses' `mcp` tool, Anthropic's MCP
 * connector); the host translates nothing and sees that hop only as the provider reports it.
 */
export const MCP_TOPOLOGIES = ['host', 'provider'] as const;
export type McpTopology = (typeof MCP_TOPOLOGIES)[number];

export const STEP_KINDS = ['request', 'response', 'notification', 'internal', 'fault'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const PARTICIPANT_LABELS: Record<Participant, string> = {
  user: 'User',
  host: 'Host',
  client: 'MCP Client',
  server: 'MCP Server',
  llm: 'LLM',
  bridge: 'stdio bridge',
  authorization: 'Authorization Server',
  app: 'App',
};

/**
 * Parts a run has only when it uses them: a stdio server reached through the app's bridge, an
 * OAuth authorization server, a tool's view (an MCP App) the host renders in a sandboxed frame.
 */
export const OPTIONAL_PARTICIPANTS: readonly Participant[] = ['bridge', 'authorization', 'app'];

export const PHASE_LABELS: Record<Phase, string> = {
  discovery: 'Discovery',
  decision: 'Decision',
  execution: 'Execution',
  response: 'Response',
  authorization: 'Authorization',
};
