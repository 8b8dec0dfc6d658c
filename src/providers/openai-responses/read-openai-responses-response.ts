import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { ProviderReplyError, type ProviderReply } from '../types.ts';

const FunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.unknown(),
});

const MessageItemSchema = z.looseObject({
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() })),
});

/** Any output item, kept whole: every one is echoed back with the tool results. */
const OutputItemSchema = z.looseObject({ type: z.string() });
export type OpenAiResponsesOutputItem = z.infer<typeof OutputItemSchema>;

export const OpenAiResponsesResponseSchema = z.looseObject({
  object: z.literal('response'),
  id: z.string(),
  model: z.string().nullish(),
  status: z.string().nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string() }).nullish(),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  output: z.array(OutputItemSchema),
});

const RESPONSES_RESPONSE = 'a Responses API response';

/**
 * Reads a Responses API response: `function_call` output items are the tool calls, the
 * `output_text` parts of `message` items the answer. Every output item (reasoning included)
 * is kept to echo back, because OpenAI refuses a function_call item sent without them.
 */
export function readOpenAiResponsesResponse({ body }: { body: unknown }): ProviderReply<OpenAiResponsesOutputItem[]> {
  const response = parseProviderReply({ schema: OpenAiResponsesResponseSchema, value: body, what: RESPONSES_RESPONSE });
  if (response.status === 'failed' || response.error) {
    throw new ProviderReplyError(`The response failed: ${response.error?.message ?? 'status "failed" with no error message'}.`);
  }
  const toolCalls: ProviderReply['toolCalls'] = [];
  const texts: string[] = [];
  let sawMessage = false;
  response.output.forEach((item, index) => {
    if (item.type === 'function_call') {
      const call = parseProviderReply({ schema: FunctionCallItemSchema, value: item, what: RESPONSES_RESPONSE, path: ['output', index] });
      toolCalls.push({ id: call.call_id, name: call.name, arguments: call.arguments, raw: item });
    } else if (item.type === 'message') {
      const message = parseProviderReply({ schema: MessageItemSchema, value: item, what: RESPONSES_RESPONSE, path: ['output', index] });
      sawMessage = true;
      for (const part of message.content) {
        if (part.type === 'output_text' && part.text !== undefined) texts.push(part.text);
        else if (part.type === 'refusal' && part.refusal !== undefined) texts.push(part.refusal);
      }
    }
  });
  const reason = response.incomplete_details?.reason;
  return {
    toolCalls,
    text: sawMessage ? texts.join('') : null,
    assistantMessage: response.output,
    finishReason: response.status === 'incomplete' && reason ? `incomplete: ${reason}` : (response.status ?? null),
    model: response.model ?? null,
  };
}
