import { NO_RESULT_MARKER, TOOL_ERROR_MARKER } from '../../src/trace/index.ts';

/**
 * What the mock model's brain reads and writes, shared by the brain and the six
 * endpoints: the tools offered, the tool results so far, and the reply.
 */

export type MockTool = {
  name: string;
  description?: string;
  parameters?: unknown;
};

export type MockToolExchange = {
  name: string;
  /** As the conversation carries them: an object, or the text the model wrote when it was not JSON. */
  arguments: unknown;
  output: string;
  /** The call gave an error: the tool's (isError) or the host's. */
  isError?: boolean;
  /** The host's error, where no tool result exists (the user declined the call, say): no tool reported anything. */
  hostError?: boolean;
};

export type MockToolCall = {
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Set only when the model writes its arguments as text that is not valid JSON (the
   * broken-json habit); `arguments` then holds what it meant to write, for ids and logs.
   */
  brokenArguments?: string;
};

/**
 * How a reply stops short, as the variants play it; each wire writes it with its provider's
 * own signal, where the format has one. `text` is the refusal's words, the half answer
 * that came before the token limit, or the answer a content filter withheld.
 */
export type MockStop = 'refusal' | 'cut-off' | 'content-filter';

export type MockReply =
  | { type: 'tool-calls'; calls: MockToolCall[]; reasoning: string }
  | { type: 'text'; text: string; reasoning: string }
  | { type: 'stop'; stop: MockStop; text: string; reasoning: string };

/** The arguments where a format carries a JSON string (OpenAI chat, legacy functions, Responses). */
export function writeArgumentsText(call: MockToolCall): string {
  return call.brokenArguments ?? JSON.stringify(call.arguments);
}

/**
 * The arguments where a format carries an object (Anthropic, Gemini, Ollama). A model that
 * wrote broken JSON puts that text where the object belongs, so translation #2 on the host
 * has a non-object to refuse; the response body itself stays valid JSON.
 */
export function writeArgumentsValue(call: MockToolCall): Record<string, unknown> | string {
  return call.brokenArguments ?? call.arguments;
}

/** "add_numbers(5, 7)": how a reasoning note names a call. */
export function describeCall(call: MockToolCall): string {
  if (call.brokenArguments !== undefined) return `${call.name} with the arguments text ${call.brokenArguments}`;
  return `${call.name}(${Object.values(call.arguments)
    .map((value) => JSON.stringify(value))
    .join(', ')})`;
}

/**
 * How a model reads an error in a tool message: the format's error flag where it has one,
 * else the words translation #3 writes first (src/trace/tool-error-markers.ts), and the
 * words of a server's validation or a missing tool, which a host that writes no marker
 * still passes on. A text that merely begins with "Error:" is the tool's answer, not an
 * error: the tool did not say isError.
 */
export function readToolOutcome(output: string, flagged = false): Pick<MockToolExchange, 'isError' | 'hostError'> {
  if (output.startsWith(NO_RESULT_MARKER)) return { isError: true, hostError: true };
  const isError = flagged || output.startsWith(TOOL_ERROR_MARKER) || /\binput validation error\b|^\s*MCP error -?\d+|\btool \S+ not found\b/i.test(output);
  return { isError };
}

/** Token counts as the mock reports them in each wire's usage: about four characters a token, never zero. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Arguments a string format carried back: the object they encode, or the text itself when it is not JSON. */
export function readArgumentsText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
