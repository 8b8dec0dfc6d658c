/**
 * Every time limit of a run, in one place. None of them counts the learner's pause at a
 * gate: the host's own timers start when a message leaves, and the SDK's timer (which
 * starts before the gate) is set so long that it never fires first.
 */

/**
 * How long the MCP server may stay silent: until the headers of an answer arrive (the
 * recorder's network timeout), then between two frames of an event stream (the watchdog).
 * The built-in tools answer in milliseconds and report progress while they work, so 30 s
 * of silence means the server or the network died, not that a tool is slow.
 */
export const MCP_SILENCE_MS = 30_000;

/**
 * How long the model may take to answer one request, headers and body included. A
 * provider answers only once it has finished thinking (the host does not stream), and a
 * real model can think for tens of seconds, so this limit is longer than the MCP one.
 */
export const PROVIDER_ANSWER_MS = 60_000;

/** The SDK's own request timer starts before the host's gate, so it must outlast any pause. */
export const WAIT_FOR_LEARNER_MS = 24 * 60 * 60 * 1000;

export type RunTimeouts = { mcpSilenceMs: number; providerAnswerMs: number };

/**
 * The limits for one run. A caller that names one network timeout (the CLI, tests, the
 * benchmark) means it for every exchange, MCP and provider alike.
 */
export function resolveTimeouts(networkTimeoutMs: number | undefined): RunTimeouts {
  return {
    mcpSilenceMs: networkTimeoutMs ?? MCP_SILENCE_MS,
    providerAnswerMs: networkTimeoutMs ?? PROVIDER_ANSWER_MS,
  };
}
