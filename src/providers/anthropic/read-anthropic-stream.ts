import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { StreamedCalls, parseFrameJson, type StreamReader, type StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';

/**
 * Reads a streamed Anthropic Messages reply: `message_start` (the message, no content
 * yet), then per content block `content_block_start`, its `content_block_delta`s and
 * `content_block_stop`; a `tool_use` block's input comes as `input_json_delta.partial_json`
 * pieces, text as `text_delta`. `message_delta` carries the stop reason and the output
 * usage, `message_stop` ends the stream; `ping` frames carry nothing.
 */

const BlockSchema = z.looseObject({ type: z.string(), id: z.string().optional(), name: z.string().optional() });
type Block = z.infer<typeof BlockSchema>;

const DeltaSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  partial_json: z.string().optional(),
  thinking: z.string().optional(),
  signature: z.string().optional(),
});

const EventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message_start'), message: z.looseObject({ type: z.literal('message') }) }),
  z.looseObject({ type: z.literal('content_block_start'), index: z.number().int().nonnegative(), content_block: BlockSchema }),
  z.looseObject({ type: z.literal('content_block_delta'), index: z.number().int().nonnegative(), delta: DeltaSchema }),
  z.looseObject({ type: z.literal('content_block_stop'), index: z.number().int().nonnegative() }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }),
    usage: z.record(z.string(), z.unknown()).optional(),
  }),
  z.looseObject({ type: z.literal('message_stop') }),
  z.looseObject({ type: z.literal('ping') }),
  z.looseObject({ type: z.literal('error'), error: z.looseObject({ type: z.string(), message: z.string() }) }),
]);
type AnthropicEvent = z.infer<typeof EventSchema>;

const EVENT = 'an Anthropic stream event';
const TypedSchema = z.looseObject({ type: z.string() });
const KNOWN_EVENTS = new Set<string>(EventSchema.options.map((option) => option.shape.type.value));

/** A tool_use block's input as it is once its JSON is whole; the text itself while it is not (a reply cut off mid-arguments). */
function readInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createAnthropicStreamReader(): StreamReader {
  const calls = new StreamedCalls();
  const blocks = new Map<number, Block>();
  const inputs = new Map<number, string>();
  let frames = 0;
  let text = '';
  let message: Record<string, unknown> = {};
  let finishReason: string | null = null;
  let ended = false;

  const blockAt = (index: number, position: number): Block => {
    const block = blocks.get(index);
    if (!block) throw new ProviderReplyError(`Frame ${position + 1} of the stream writes to content block ${index}, which no content_block_start opened.`);
    return block;
  };

  const applyDelta = (event: Extract<AnthropicEvent, { type: 'content_block_delta' }>, position: number) => {
    const block = blockAt(event.index, position);
    const { delta } = event;
    if (delta.type === 'text_delta' && delta.text !== undefined) {
      block.text = (typeof block.text === 'string' ? block.text : '') + delta.text;
      text += delta.text;
    } else if (delta.type === 'input_json_delta' && delta.partial_json !== undefined) {
      inputs.set(event.index, (inputs.get(event.index) ?? '') + delta.partial_json);
      if (block.type === 'tool_use') calls.append({ index: event.index, frame: position, fragment: delta.partial_json });
    } else if (delta.type === 'thinking_delta' && delta.thinking !== undefined) {
      block.thinking = (typeof block.thinking === 'string' ? block.thinking : '') + delta.thinking;
    } else if (delta.type === 'signature_delta' && delta.signature !== undefined) {
      block.signature = delta.signature;
    }
  };

  const apply = (event: AnthropicEvent, position: number) => {
    switch (event.type) {
      case 'message_start':
        message = structuredClone(event.message);
        return;
      case 'content_block_start':
        blocks.set(event.index, structuredClone(event.content_block));
        if (event.content_block.type === 'tool_use') calls.open({ index: event.index, frame: position, arrival: 'fragments', id: event.content_block.id, name: event.content_block.name });
        return;
      case 'content_block_delta':
        applyDelta(event, position);
        return;
      case 'content_block_stop':
        blockAt(event.index, position);
        return;
      case 'message_delta': {
        finishReason = event.delta.stop_reason ?? finishReason;
        message = { ...message, ...event.delta };
        const usage = message.usage && typeof message.usage === 'object' ? message.usage : {};
        if (event.usage) message.usage = { ...usage, ...event.usage };
        return;
      }
      case 'message_stop':
        ended = true;
        return;
      case 'ping':
        return;
      case 'error':
        throw new ProviderReplyError(`The stream ended with an error from Anthropic (${event.error.type}): ${event.error.message}`);
      default: {
        const unreachable: never = event;
        throw new Error(`Unhandled Anthropic event ${String(unreachable)}`);
      }
    }
  };

  const view = (): StreamView => ({ frames, text, calls: calls.list(), finishReason, ended });

  return {
    feed(frame) {
      const position = frames++;
      const value = parseFrameJson({ frame, position, what: EVENT });
      // Anthropic may add event types; its documentation asks clients to pass over those they do not know.
      const typed = parseProviderReply({ schema: TypedSchema, value, what: EVENT, path: [`frame ${position + 1}`] });
      if (!KNOWN_EVENTS.has(typed.type)) return;
      apply(parseProviderReply({ schema: EventSchema, value, what: EVENT, path: [`frame ${position + 1}`] }), position);
    },
    view,
    assemble() {
      const content = [...blocks.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, block]) => (inputs.has(index) || block.type === 'tool_use' ? { ...block, input: readInput(inputs.get(index) ?? '') } : block));
      return { ...message, content };
    },
  };
}
