import { z } from 'zod';

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
