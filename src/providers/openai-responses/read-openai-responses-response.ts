import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { FINISHED, nameMissingStop, nameStop, nameTokenLimit } from '../reply-stop.ts';
import { ProviderReplyError, type ProviderReply, type ReplyStop } from '../types.ts';

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
 * How a response ended: a refusal part carries the model's words; `status: "incomplete"`
 * says why in `incomplete_details.reason` (`max_output_tokens`, mid-call when a
 * function_call item came; `content_filter`). A reason OpenAI does not document is
 * still no whole answer, so it is named as one the provider does not explain. A response
 * still `in_progress` or `queued`, or with no status, was never said to be over.
 */
function readResponsesStop(input: {
  status: string | null;
  reason: string | null;
  refusal: { path: string; text: string } | null;
  hasToolCalls: boolean;
}): ReplyStop {
  const { status, reason, refusal, hasToolCalls } = input;
  if (refusal !== null) return nameStop({ cause: 'refusal', path: refusal.path, value: refusal.text, message: refusal.text });
  if (status === null || status === '') return nameMissingStop({ path: 'status' });
  if (status === 'in_progress' || status === 'queued') return nameMissingStop({ path: 'status', value: status });
  if (status !== 'incomplete') return FINISHED;
  const path = 'incomplete_details.reason';
  if (reason === 'max_output_tokens') return nameTokenLimit({ hasToolCalls, path, value: reason });
  if (reason === 'content_filter') return nameStop({ cause: 'content-filter', path, value: reason });
  return nameStop({ cause: 'other', path: reason === null ? 'status' : path, value: reason ?? status });
}

/**
 * Reads a Responses API response: `function_call` output items are the tool calls, the
 * `output_text` parts of `message` items the answer, a `refusal` part the model declining.
 * Every output item (reasoning included) is kept to echo back, because OpenAI refuses a
 * function_call item sent without them.
 */
export function readOpenAiResponsesResponse({ body }: { body: unknown }): ProviderReply<OpenAiResponsesOutputItem[]> {
  const response = parseProviderReply({ schema: OpenAiResponsesResponseSchema, value: body, what: RESPONSES_RESPONSE });
  if (response.status === 'failed' || response.error) {
    throw new ProviderReplyError(`The response failed: ${response.error?.message ?? 'status "failed" with no error message'}.`);
  }
  const toolCalls: ProviderReply['toolCalls'] = [];
  const texts: string[] = [];
  const refusals: { path: string; text: string }[] = [];
  let sawMessage = false;
  response.output.forEach((item, index) => {
    if (item.type === 'function_call') {
      const call = parseProviderReply({ schema: FunctionCallItemSchema, value: item, what: RESPONSES_RESPONSE, path: ['output', index] });
      toolCalls.push({ id: call.call_id, name: call.name, arguments: call.arguments, raw: item });
    } else if (item.type === 'message') {
      const message = parseProviderReply({ schema: MessageItemSchema, value: item, what: RESPONSES_RESPONSE, path: ['output', index] });
      sawMessage = true;
      message.content.forEach((part, partIndex) => {
        if (part.type === 'output_text' && part.text !== undefined) texts.push(part.text);
        else if (part.type === 'refusal' && part.refusal !== undefined)
          refusals.push({ path: `output[${index}].content[${partIndex}].refusal`, text: part.refusal });
      });
    }
  });
  const reason = response.incomplete_details?.reason ?? null;
  return {
    toolCalls,
    text: sawMessage && (texts.length > 0 || refusals.length === 0) ? texts.join('') : null,
    stop: readResponsesStop({ status: response.status ?? null, reason, refusal: refusals[0] ?? null, hasToolCalls: toolCalls.length > 0 }),
    assistantMessage: response.output,
    finishReason: response.status === 'incomplete' && reason ? `incomplete: ${reason}` : (response.status ?? null),
    model: response.model ?? null,
  };
}
