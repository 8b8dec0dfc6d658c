import type { ExchangeLimits } from '../mcp/index.ts';
import { MAX_NESTING_DEPTH } from '../trace/index.ts';

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

/**
 * How long one MCP request may take in all, from the moment it leaves to its result.
 * Silence is caught sooner (above); this catches a server that never goes silent, which
 * answers a tools/call with progress or pings forever. Two minutes is longer than any
 * built-in tool, and still a wait a learner can sit through.
 */
export const MCP_REQUEST_MS = 120_000;

/**
 * How long the host's model may take to answer a server's sampling request. The server's
 * tool is waiting meanwhile (in 2025-11-25 on a silent tools/call stream), and a sentence
 * takes a model a second or two; so the host gives up well before the MCP silence limit
 * above and tells the server, rather than let the whole call die of silence.
 */
export const SAMPLING_ANSWER_MS = 10_000;

/** How long one provider call may take in all, a streamed answer included: a long answer, but not forever. */
export const PROVIDER_CALL_MS = 180_000;

/**
 * How long a streamed provider reply may go silent once its headers came: before its first
 * frame (a model may think before it writes, as long as it may before answering at all,
 * PROVIDER_ANSWER_MS) and between two frames. A connection that went quiet is a fault of its
 * own, told apart from a stream that keeps sending (PROVIDER_CALL_MS stops that one).
 */
export const PROVIDER_SILENCE_MS = PROVIDER_ANSWER_MS;

/**
 * Event-stream frames in one answer. Each frame is a step the learner can open, and an
 * export writes an exchange's frames into each of its steps (500 frames: 250,000 frame
 * copies, about 40 MB of JSON), so this is about what a page can still show and save. A
 * tool that reports progress four times a second for the whole two minutes stays under it.
 */
export const MAX_ANSWER_FRAMES = 500;

/**
 * Frames in one streamed provider reply. A provider sends about a frame per token, so a
 * long answer is thousands of frames; they belong to the one step of that reply (nothing
 * repeats them) and each costs the same to record, so the bound is the size of the
 * longest reply a model writes, not what an exchange shared by many steps can bear.
 */
export const MAX_REPLY_FRAMES = 50_000;

/** Bytes of one answer (a body or all its frames): what the page and the CLI can still hold and show. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The longest Retry-After the host waits for, from a provider or an MCP server: a learner
 * sits through a minute, not an hour. A longer one is not waited for, and the fault says so.
 */
export const RETRY_AFTER_MAX_MS = 60_000;

/** How many times in a row the host sends a request refused with 429 again by itself, waiting as asked before each. */
export const RATE_LIMIT_RETRIES = 2;

/**
 * How long a tool's view (MCP Apps) may take to load: its sandbox to say it is ready, and then
 * the view to finish its handshake. A page of a few hundred kilobytes loads in well under a
 * second; a view that has not answered by then will not, and the host goes on without it.
 */
export const VIEW_LOAD_MS = 15_000;

/** How long the host waits for a view's answer to ui/resource-teardown before it removes the frame anyway. */
export const VIEW_TEARDOWN_MS = 3_000;

/**
 * Polling a task. The host waits what the server asks between polls (pollInterval, or
 * pollIntervalMs), with a floor so that a server asking 0 is not polled in a tight loop,
 * and a ceiling so that one asking an hour does not leave the learner waiting: a longer
 * interval is cut to it, and the step says so. A server that names none gets a second.
 */
export const TASK_POLL_DEFAULT_MS = 1_000;
export const TASK_POLL_MIN_MS = 100;
export const TASK_POLL_MAX_MS = 10_000;

/**
 * Polls of one task before the host stops following it (the task may go on, on the
 * server): about four minutes at the built-in server's half second, and every poll is a
 * step the learner can open, so this is about what a run can still show.
 */
export const MAX_TASK_POLLS = 500;

/** The lifetime a 2025-11-25 host asks for its task (`params.task.ttl`): the server may keep it that long. */
export const TASK_TTL_MS = 5 * 60_000;

/** The SDK's own request timer starts before the host's gate, so it must outlast any pause. */
export const WAIT_FOR_LEARNER_MS = 24 * 60 * 60 * 1000;

export type RunTimeouts = {
  mcpSilenceMs: number;
  providerAnswerMs: number;
  mcpRequestMs: number;
  providerCallMs: number;
  providerSilenceMs: number;
  samplingAnswerMs: number;
  maxAnswerFrames: number;
  maxReplyFrames: number;
  maxAnswerBytes: number;
};

/** The bounds a caller (a test, the benchmark) may set for a run, each defaulting to the constant above. */
export type RunLimits = Partial<
  Pick<RunTimeouts, 'mcpRequestMs' | 'providerCallMs' | 'providerSilenceMs' | 'samplingAnswerMs' | 'maxAnswerFrames' | 'maxReplyFrames' | 'maxAnswerBytes'>
>;

/**
 * The limits for one run. A caller that names one network timeout (the CLI, tests, the
 * benchmark) means it for every exchange, MCP and provider alike.
 */
export function resolveTimeouts(networkTimeoutMs: number | undefined, limits: RunLimits = {}): RunTimeouts {
  return {
    mcpSilenceMs: networkTimeoutMs ?? MCP_SILENCE_MS,
    providerAnswerMs: networkTimeoutMs ?? PROVIDER_ANSWER_MS,
    mcpRequestMs: limits.mcpRequestMs ?? MCP_REQUEST_MS,
    providerCallMs: limits.providerCallMs ?? PROVIDER_CALL_MS,
    providerSilenceMs: limits.providerSilenceMs ?? networkTimeoutMs ?? PROVIDER_SILENCE_MS,
    samplingAnswerMs: limits.samplingAnswerMs ?? Math.min(networkTimeoutMs ?? SAMPLING_ANSWER_MS, SAMPLING_ANSWER_MS),
    maxAnswerFrames: limits.maxAnswerFrames ?? MAX_ANSWER_FRAMES,
    maxReplyFrames: limits.maxReplyFrames ?? MAX_REPLY_FRAMES,
    maxAnswerBytes: limits.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  };
}

/**
 * The bounds of one provider call: its time in all, its silence once it streams, its frames
 * (a conversation's reply may be a long one; a sampling answer is a sentence) and its bytes.
 */
export function resolveProviderLimits(timeouts: RunTimeouts, { maxFrames }: { maxFrames: number }): ExchangeLimits {
  return { totalMs: timeouts.providerCallMs, idleMs: timeouts.providerSilenceMs, maxFrames, maxBytes: timeouts.maxAnswerBytes, maxDepth: MAX_NESTING_DEPTH };
}

/**
 * 2026-07-28: how long the host waits, after a tool's result, for a list_changed that may
 * trail it on the subscription's own stream. The two come on different streams, so their
 * order is not kept (on loopback a change the tool made before its result arrived up to
 * 15 ms after it); a change that comes later still shows, and is taken before the next
 * model request after it.
 */
export const TRAILING_CHANGE_GRACE_MS = 500;
