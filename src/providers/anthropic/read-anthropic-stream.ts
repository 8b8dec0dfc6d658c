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

/** What the reader has gathered so far: the content blocks by index, their inputs' JSON text, the calls, the text and the ending. */
type ReaderState = {
  calls: StreamedCalls;
  blocks: Map<number, Block>;
  inputs: Map<number, string>;
  frames: number;
  text: string;
  message: Record<string, unknown>;
  finishReason: string | null;
  ended: boolean;
};

function blockAt({ blocks }: ReaderState, index: number, position: number): Block {
  const block = blocks.get(index);
  if (!block) throw new ProviderReplyError(`Frame ${position + 1} of the stream writes to content block ${index}, which no content_block_start opened.`);
  return block;
}

function applyDelta(state: ReaderState, event: Extract<AnthropicEvent, { type: 'content_block_delta' }>, position: number): void {
  const block = blockAt(state, event.index, position);
  const { delta } = event;
  if (delta.type === 'text_delta' && delta.text !== undefined) {
    block.text = (typeof block.text === 'string' ? block.text : '') + delta.text;
    state.text += delta.text;
  } else if (delta.type === 'input_json_delta' && delta.partial_json !== undefined) {
    state.inputs.set(event.index, (state.inputs.get(event.index) ?? '') + delta.partial_json);
    if (block.type === 'tool_use') state.calls.append({ index: event.index, frame: position, fragment: delta.partial_json });
  } else if (delta.type === 'thinking_delta' && delta.thinking !== undefined) {
    block.thinking = (typeof block.thinking === 'string' ? block.thinking : '') + delta.thinking;
  } else if (delta.type === 'signature_delta' && delta.signature !== undefined) {
    block.signature = delta.signature;
  }
}

/** message_delta: the stop reason, and the output usage laid over the input usage message_start brought. */
function applyMessageDelta(state: ReaderState, event: Extract<AnthropicEvent, { type: 'message_delta' }>): void {
  state.finishReason = event.delta.stop_reason ?? state.finishReason;
  state.message = { ...state.message, ...event.delta };
  const usage = state.message.usage && typeof state.message.usage === 'object' ? state.message.usage : {};
  if (event.usage) state.message.usage = { ...usage, ...event.usage };
}

function applyAnthropicEvent(state: ReaderState, event: AnthropicEvent, position: number): void {
  switch (event.type) {
    case 'message_start':
      state.message = structuredClone(event.message);
      return;
    case 'content_block_start':
      state.blocks.set(event.index, structuredClone(event.content_block));
      if (event.content_block.type === 'tool_use')
        state.calls.open({ index: event.index, frame: position, arrival: 'fragments', id: event.content_block.id, name: event.content_block.name });
      return;
    case 'content_block_delta':
      return applyDelta(state, event, position);
    case 'content_block_stop':
      blockAt(state, event.index, position);
      return;
    case 'message_delta':
      return applyMessageDelta(state, event);
    case 'message_stop':
      state.ended = true;
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
}

export function createAnthropicStreamReader(): StreamReader {
  const state: ReaderState = {
    calls: new StreamedCalls(),
    blocks: new Map(),
    inputs: new Map(),
    frames: 0,
    text: '',
    message: {},
    finishReason: null,
    ended: false,
  };
  const view = (): StreamView => ({ frames: state.frames, text: state.text, calls: state.calls.list(), finishReason: state.finishReason, ended: state.ended });
  return {
    feed(frame) {
      const position = state.frames++;
      const value = parseFrameJson({ frame, position, what: EVENT });
      // Anthropic may add event types; its documentation asks clients to pass over those they do not know.
      const typed = parseProviderReply({ schema: TypedSchema, value, what: EVENT, path: [`frame ${position + 1}`] });
      if (!KNOWN_EVENTS.has(typed.type)) return;
      applyAnthropicEvent(state, parseProviderReply({ schema: EventSchema, value, what: EVENT, path: [`frame ${position + 1}`] }), position);
    },
    view,
    assemble() {
      const content = [...state.blocks.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, block]) =>
          state.inputs.has(index) || block.type === 'tool_use' ? { ...block, input: readInput(state.inputs.get(index) ?? '') } : block,
        );
      return { ...state.message, content };
    },
  };
}
