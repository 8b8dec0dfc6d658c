import type { Warning } from '../../trace/index.ts';
import { readToolCallId, type OpenAiChatToolMessage } from './convert-to-openai-chat-tool-messages.ts';
import type { OpenAiChatAssistantMessage } from './read-openai-chat-response.ts';

/** A call as the assistant turn carries it back: the request type wants an id, "function" and arguments as a string. */
type EchoedToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

/** The assistant turn as it goes back; the fields a compatible server added ride along (see ECHOED_EXTRA_FIELDS). */
export type OpenAiChatAssistantTurn = { role: 'assistant'; content: string | null; tool_calls?: EchoedToolCall[] } & Partial<
  Record<(typeof ECHOED_EXTRA_FIELDS)[number], unknown>
>;

/** The messages of a Chat Completions conversation as the host writes them. */
export type OpenAiChatMessage = { role: 'user'; content: string } | OpenAiChatAssistantTurn | OpenAiChatToolMessage;

/**
 * Fields OpenAI-compatible servers add to the assistant message and want back in the next
 * request: DeepSeek's (and vLLM's, Qwen's) `reasoning_content`, which DeepSeek's thinking
 * mode refuses a tool-call turn without; OpenRouter's `reasoning` and `reasoning_details`.
 * OpenAI's own reply fields that an assistant message param does not take (annotations,
 * audio) stay behind.
 */
const ECHOED_EXTRA_FIELDS = ['reasoning_content', 'reasoning', 'reasoning_details'] as const;

/**
 * The assistant turn as it goes back with the tool results: its content, its calls (a call
 * without an id gets the position id its tool message answers) and the compatible
 * servers' reasoning fields, each one kept with a warning that says so.
 */
export function echoOpenAiChatAssistant({ message }: { message: OpenAiChatAssistantMessage }): { result: OpenAiChatAssistantTurn; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const { content = null, tool_calls: toolCalls } = message;
  // A server that wrote arguments as an object gets them back as the string the request type wants.
  const calls = toolCalls?.map((call, index): EchoedToolCall => ({
    ...call,
    id: readToolCallId({ id: call.id, index }),
    type: 'function',
    function: {
      ...call.function,
      arguments: typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments ?? {}),
    },
  }));
  const extras = Object.fromEntries(
    ECHOED_EXTRA_FIELDS.flatMap((field) => (message[field] === undefined || message[field] === null ? [] : [[field, message[field]]])),
  );
  for (const field of Object.keys(extras)) {
    warnings.push({
      code: 'assistant-field-echoed',
      message: `The reply's message carries "${field}", which OpenAI does not send: the host echoes it back, as the server that sent it needs to see it again.`,
      path: `assistant.${field}`,
    });
  }
  return { result: { role: 'assistant', content, ...(calls ? { tool_calls: calls } : {}), ...extras }, warnings };
}
