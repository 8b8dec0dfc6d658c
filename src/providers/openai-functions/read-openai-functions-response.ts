import { z } from 'zod';
import { defineChatCompletionsReplySchema, readChatCompletionsStop } from '../chat-completions-reply.ts';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { ProviderReplyError, type ProviderReply } from '../types.ts';
import type { OpenAiFunctionCall } from './convert-openai-functions-tool-call.ts';

export const OpenAiFunctionsResponseSchema = defineChatCompletionsReplySchema(
  z.looseObject({
    role: z.literal('assistant'),
    content: z.string().nullish(),
    refusal: z.string().nullish(),
    function_call: z.looseObject({ name: z.string(), arguments: z.unknown() }).nullish(),
    tool_calls: z.array(z.unknown()).nullish(),
  }),
);

/** The assistant turn as the request's ChatCompletionAssistantMessageParam takes it back. */
export type OpenAiFunctionsAssistantMessage = { role: 'assistant'; content: string | null; function_call?: OpenAiFunctionCall };

function echoArguments(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/**
 * Reads a Chat Completions response to a legacy `functions` request: at most one call,
 * in `message.function_call`, with no id. A reply with `tool_calls` instead is the newer
 * format, which the host did not ask for, so it is refused with that explanation.
 */
export function readOpenAiFunctionsResponse({ body }: { body: unknown }): ProviderReply<OpenAiFunctionsAssistantMessage> {
  const response = parseProviderReply({ schema: OpenAiFunctionsResponseSchema, value: body, what: 'a Chat Completions response' });
  const choice = response.choices[0]!;
  const { content, function_call: functionCall, tool_calls: toolCalls } = choice.message;
  if (toolCalls && toolCalls.length > 0 && !functionCall) {
    throw new ProviderReplyError(
      'The reply has choices.0.message.tool_calls, the newer tools format, but the request offered legacy functions: a legacy reply puts its call in message.function_call.',
    );
  }
  // The echo must be a JSON string, as the request type requires; the tool call itself keeps
  // what the model sent, so that translation #2 can tell the model why it cannot be used.
  const assistantMessage: OpenAiFunctionsAssistantMessage = {
    role: 'assistant',
    content: content ?? null,
    ...(functionCall ? { function_call: { name: functionCall.name, arguments: echoArguments(functionCall.arguments) } } : {}),
  };
  return {
    toolCalls: functionCall ? [{ name: functionCall.name, arguments: functionCall.arguments, raw: functionCall }] : [],
    text: content ?? null,
    stop: readChatCompletionsStop({
      finishReason: choice.finish_reason ?? null,
      refusal: choice.message.refusal ?? null,
      hasToolCalls: functionCall !== null && functionCall !== undefined,
    }),
    assistantMessage,
    finishReason: choice.finish_reason ?? null,
    model: response.model ?? null,
  };
}
