import { z } from 'zod';
import { defineChatCompletionsReplySchema, readChatCompletionsStop } from '../chat-completions-reply.ts';
import { parseProviderReply } from '../parse-provider-reply.ts';
import type { ProviderReply } from '../types.ts';

const ToolCallSchema = z.looseObject({
  /** OpenAI always gives one; some compatible servers do not (the host then answers by position). */
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string(), arguments: z.unknown() }),
});

export const OpenAiChatResponseSchema = defineChatCompletionsReplySchema(
  z.looseObject({
    role: z.literal('assistant'),
    content: z.string().nullish(),
    refusal: z.string().nullish(),
    tool_calls: z.array(ToolCallSchema).nullish(),
  }),
);

/** The assistant message of the first choice, as received. */
export type OpenAiChatAssistantMessage = z.infer<typeof OpenAiChatResponseSchema>['choices'][number]['message'];

/** Reads a Chat Completions response: the first choice's tool calls, its text and how it ended. */
export function readOpenAiChatResponse({ body }: { body: unknown }): ProviderReply<OpenAiChatAssistantMessage> {
  const response = parseProviderReply({ schema: OpenAiChatResponseSchema, value: body, what: 'a Chat Completions response' });
  const choice = response.choices[0]!;
  const toolCalls = (choice.message.tool_calls ?? []).map((call) => ({
    ...(call.id !== undefined ? { id: call.id } : {}),
    name: call.function.name,
    arguments: call.function.arguments,
    raw: call,
  }));
  return {
    toolCalls,
    text: choice.message.content ?? null,
    stop: readChatCompletionsStop({ finishReason: choice.finish_reason ?? null, refusal: choice.message.refusal ?? null, hasToolCalls: toolCalls.length > 0 }),
    assistantMessage: choice.message,
    finishReason: choice.finish_reason ?? null,
    model: response.model ?? null,
  };
}
