import { openAiChatAdapter } from './openai-chat/openai-chat-adapter.ts';
import type { WireAdapter } from './types.ts';
// Adapter imports: one line per wire format, below this line.
import { openAiFunctionsAdapter } from './openai-functions/openai-functions-adapter.ts';
import { openAiResponsesAdapter } from './openai-responses/openai-responses-adapter.ts';
import { ollamaAdapter } from './ollama/ollama-adapter.ts';
import { geminiAdapter } from './gemini/gemini-adapter.ts';
import { anthropicAdapter } from './anthropic/anthropic-adapter.ts';

/** Every wire format the host speaks, by id. Each adapter keeps its own message types inside. */
export const WIRE_ADAPTERS: Record<string, WireAdapter> = {
  'openai-chat': openAiChatAdapter as unknown as WireAdapter,
  // Adapters: one line per wire format, below this line.
  'openai-functions': openAiFunctionsAdapter as unknown as WireAdapter,
  'openai-responses': openAiResponsesAdapter as unknown as WireAdapter,
  ollama: ollamaAdapter as unknown as WireAdapter,
  gemini: geminiAdapter as unknown as WireAdapter,
  anthropic: anthropicAdapter as unknown as WireAdapter,
};

export const WIRE_IDS = Object.keys(WIRE_ADAPTERS);

export function getWireAdapter(id: string): WireAdapter | undefined {
  return Object.hasOwn(WIRE_ADAPTERS, id) ? WIRE_ADAPTERS[id] : undefined;
}
