import { z } from 'zod';
import { FINISHED, nameMissingStop, nameStop, nameTokenLimit } from './reply-stop.ts';
import type { ReplyStop } from './types.ts';

/**
 * The envelope of a Chat Completions reply, shared by the two formats that speak that
 * endpoint (tools and legacy functions), around the message schema each one reads. At
 * least one choice, so the readers may take the first as there.
 */
export function defineChatCompletionsReplySchema<Message extends z.ZodType>(message: Message) {
  return z.looseObject({
    model: z.string().nullish(),
    choices: z.array(z.looseObject({ message, finish_reason: z.string().nullish() })).min(1),
  });
}

/**
 * How a Chat Completions turn ended, from the first choice: a refusal carries the model's
 * words in `message.refusal` (with `finish_reason: "stop"`), `length` is the token limit
 * (mid-call when the message has calls), `content_filter` OpenAI's filter. `stop`,
 * `tool_calls` and `function_call` are a finished turn, as is a reason OpenAI does not
 * document. No finish_reason at all is a turn the provider never said was over.
 */
export function readChatCompletionsStop({
  finishReason,
  refusal,
  hasToolCalls,
}: {
  finishReason: string | null;
  refusal: string | null;
  hasToolCalls: boolean;
}): ReplyStop {
  if (refusal !== null && refusal !== '') return nameStop({ cause: 'refusal', path: 'choices[0].message.refusal', value: refusal, message: refusal });
  const path = 'choices[0].finish_reason';
  if (finishReason === 'length') return nameTokenLimit({ hasToolCalls, path, value: finishReason });
  if (finishReason === 'content_filter') return nameStop({ cause: 'content-filter', path, value: finishReason });
  if (finishReason === null || finishReason === '') return nameMissingStop({ path });
  return FINISHED;
}
