import { anthropicAdapter } from './anthropic/anthropic-adapter.ts';
import { geminiAdapter } from './gemini/gemini-adapter.ts';
import { ollamaAdapter } from './ollama/ollama-adapter.ts';
import { openAiChatAdapter } from './openai-chat/openai-chat-adapter.ts';
import { openAiFunctionsAdapter } from './openai-functions/openai-functions-adapter.ts';
import { openAiResponsesAdapter } from './openai-responses/openai-responses-adapter.ts';
import type { WireAdapter } from './types.ts';

/**
 * Every wire format the host speaks. The list keeps each adapter's own message types (its
 * element type is their union); `satisfies` checks, without a cast, that each one can stand
 * for the host's view of an adapter.
 */
const WIRE_ADAPTERS = [
  openAiChatAdapter,
  openAiFunctionsAdapter,
  openAiResponsesAdapter,
  ollamaAdapter,
  geminiAdapter,
  anthropicAdapter,
] as const satisfies readonly WireAdapter[];

export const WIRE_IDS: string[] = WIRE_ADAPTERS.map((adapter) => adapter.id);

/** The adapter for a wire format, as the host holds it (see WireAdapter), or undefined for an id no adapter has. */
export function getWireAdapter(id: string): WireAdapter | undefined {
  return WIRE_ADAPTERS.find((adapter) => adapter.id === id);
}
