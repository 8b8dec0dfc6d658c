import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { FINISHED, nameStop } from '../reply-stop.ts';
import { ProviderReplyError, type ProviderReply } from '../types.ts';

export const OllamaToolCallSchema = z.looseObject({
  /** Newer Ollama versions give each call an id; older ones do not. */
  id: z.string().optional(),
  function: z.looseObject({
    index: z.number().int().optional(),
    name: z.string(),
    arguments: z.unknown(),
  }),
});

export const OllamaChatResponseSchema = z.looseObject({
  model: z.string().optional(),
  message: z.looseObject({
    role: z.literal('assistant'),
    content: z.string().optional(),
    thinking: z.string().optional(),
    tool_calls: z.array(OllamaToolCallSchema).nullish(),
  }),
  done: z.boolean(),
  done_reason: z.string().optional(),
});
export type OllamaChatResponse = z.infer<typeof OllamaChatResponseSchema>;
export type OllamaAssistantMessage = OllamaChatResponse['message'];

/**
 * Reads an `/api/chat` response: the message's tool calls, its text and how it ended.
 * Ollama has no refusal or filter signal; `done_reason: "length"` is its token limit
 * (`num_predict`): after whole tool calls it cut what came after them, not their
 * arguments. `stop`, `load` and `unload` are a finished turn.
 */
export function readOllamaResponse({ body }: { body: unknown }): ProviderReply<OllamaAssistantMessage> {
  const {
    message,
    done,
    done_reason: doneReason,
    model,
  } = parseProviderReply({ schema: OllamaChatResponseSchema, value: body, what: 'an Ollama /api/chat response' });
  if (!done) {
    // Ollama streams unless told not to; one chunk of a stream is not the whole answer.
    throw new ProviderReplyError('The reply is one chunk of a stream (done: false), not a whole /api/chat response: send "stream": false.');
  }
  const toolCalls = (message.tool_calls ?? []).map((call) => ({
    ...(call.id !== undefined ? { id: call.id } : {}),
    name: call.function.name,
    arguments: call.function.arguments,
    raw: call,
  }));
  return {
    toolCalls,
    // A reply with tool calls usually carries an empty content; that is no answer.
    text: message.content !== undefined && (message.content !== '' || toolCalls.length === 0) ? message.content : null,
    // Ollama sends each call whole, so the limit never cuts one's arguments: it cut what would have come after the calls.
    stop:
      doneReason === 'length'
        ? nameStop({ cause: toolCalls.length > 0 ? 'token-limit-after-calls' : 'token-limit', path: 'done_reason', value: doneReason })
        : FINISHED,
    assistantMessage: message,
    finishReason: doneReason ?? null,
    model: model ?? null,
  };
}
