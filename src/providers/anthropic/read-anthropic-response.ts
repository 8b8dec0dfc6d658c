import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { FINISHED, nameMissingStop, nameStop, nameTokenLimit } from '../reply-stop.ts';
import { ProviderReplyError, type ProviderReply, type ReplyStop } from '../types.ts';

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const ToolUseBlockSchema = z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
/** Every block has a type; thinking and server-tool blocks are kept (they must be echoed back) but not read. */
const BlockSchema = z.looseObject({ type: z.string() });

export const AnthropicMessageSchema = z.looseObject({
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string().nullish(),
  content: z.array(BlockSchema),
  stop_reason: z.string().nullish(),
});
export type AnthropicMessage = z.infer<typeof AnthropicMessageSchema>;

const AnthropicErrorSchema = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: z.string(), message: z.string() }),
});

/** The assistant turn as it must be echoed: Anthropic wants its content blocks back unchanged. */
export type AnthropicAssistantMessage = { role: 'assistant'; content: AnthropicMessage['content'] };

const ANTHROPIC_RESPONSE = 'an Anthropic Messages response';

/** A text or tool_use block read in full, or an error that names the field that is wrong. */
function readBlock<T extends z.ZodType>({ schema, block, index }: { schema: T; block: unknown; index: number }): z.infer<T> {
  return parseProviderReply({ schema, value: block, what: ANTHROPIC_RESPONSE, path: ['content', index] });
}

/**
 * How a message ended: `refusal` (Claude declined; the text so far, if any, stays),
 * `max_tokens` (mid-call when a tool_use block came, its input then incomplete),
 * `model_context_window_exceeded`, `pause_turn` (a long server-tool turn Anthropic wants
 * sent again, which this host does not do). `end_turn`, `tool_use`, `stop_sequence` are finished.
 * A whole message always has one (Anthropic: "in non-streaming mode this value is always
 * non-null"); without it the message was never said to be over.
 */
function readAnthropicStop({ stopReason, hasToolCalls }: { stopReason: string | null; hasToolCalls: boolean }): ReplyStop {
  const path = 'stop_reason';
  switch (stopReason) {
    case 'refusal':
      return nameStop({ cause: 'refusal', path, value: stopReason });
    case 'max_tokens':
      return nameTokenLimit({ hasToolCalls, path, value: stopReason });
    case 'model_context_window_exceeded':
      return nameStop({ cause: 'context-window', path, value: stopReason });
    case 'pause_turn':
      return nameStop({ cause: 'paused', path, value: stopReason });
    case null:
    case '':
      return nameMissingStop({ path });
    default:
      return FINISHED;
  }
}

/** Reads an Anthropic Messages response: its tool_use blocks, its text blocks and how it ended. */
export function readAnthropicResponse({ body }: { body: unknown }): ProviderReply<AnthropicAssistantMessage> {
  const error = AnthropicErrorSchema.safeParse(body);
  if (error.success) {
    throw new ProviderReplyError(`The reply is an Anthropic error (${error.data.error.type}), not a message: ${error.data.error.message}`);
  }
  const message = parseProviderReply({ schema: AnthropicMessageSchema, value: body, what: ANTHROPIC_RESPONSE });
  const toolCalls: ProviderReply['toolCalls'] = [];
  const texts: string[] = [];
  message.content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      const toolUse = readBlock({ schema: ToolUseBlockSchema, block, index });
      toolCalls.push({ id: toolUse.id, name: toolUse.name, arguments: toolUse.input, raw: block });
    } else if (block.type === 'text') {
      texts.push(readBlock({ schema: TextBlockSchema, block, index }).text);
    }
  });
  const assistantMessage: AnthropicAssistantMessage = { role: 'assistant', content: message.content };
  return {
    toolCalls,
    text: texts.length > 0 ? texts.join('') : null,
    stop: readAnthropicStop({ stopReason: message.stop_reason ?? null, hasToolCalls: toolCalls.length > 0 }),
    assistantMessage,
    finishReason: message.stop_reason ?? null,
    model: message.model ?? null,
  };
}
