import type { HttpExchange } from '../trace/index.ts';
import { isRecord, readResponseMessages } from './collect-exchanges.ts';

export type TokenUsage = { inputTokens?: number; outputTokens?: number };

/** Where each wire format writes its counts: OpenAI Chat, Responses and Anthropic, Gemini, Ollama. */
const INPUT_KEYS = ['input_tokens', 'prompt_tokens', 'promptTokenCount', 'prompt_eval_count'];
const OUTPUT_KEYS = ['output_tokens', 'completion_tokens', 'candidatesTokenCount', 'eval_count'];

function readCount(holder: Record<string, unknown>, keys: string[]): number | undefined {
  for (const key of keys) {
    const value = holder[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/** The objects that may hold counts: the usage block at the top, in a stream's message or response event, or the reply itself (Ollama). */
function readUsageHolders(message: Record<string, unknown>): Record<string, unknown>[] {
  const nested = [message.message, message.response].filter(isRecord);
  return [message, ...[message.usage, message.usageMetadata, ...nested.map((inner) => inner.usage)].filter(isRecord)];
}

/**
 * The token counts of a model reply, whole or streamed. In a stream the last count wins:
 * Anthropic sends the input count first and the final output count in its last delta.
 */
export function readTokenUsage({ http }: { http: HttpExchange }): TokenUsage {
  const usage: TokenUsage = {};
  for (const message of readResponseMessages(http)) {
    for (const holder of readUsageHolders(message)) {
      const inputTokens = readCount(holder, INPUT_KEYS);
      const outputTokens = readCount(holder, OUTPUT_KEYS);
      if (inputTokens !== undefined) usage.inputTokens = inputTokens;
      if (outputTokens !== undefined) usage.outputTokens = outputTokens;
    }
  }
  return usage;
}
