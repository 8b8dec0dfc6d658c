import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { StreamedCalls, parseFrameJson, type StreamReader, type StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';

/**
 * Reads a streamed Responses reply: typed events numbered by `sequence_number`. An output
 * item opens with `response.output_item.added`; a function call's arguments come as
 * `response.function_call_arguments.delta` pieces, are restated whole by `.done`, and the
 * item closes with `response.output_item.done`; text comes as `response.output_text.delta`.
 * `response.completed` (or `.incomplete`, `.failed`) ends the stream with the response's
 * envelope: its status, usage and why it stopped.
 */

const ItemSchema = z.looseObject({ type: z.string(), call_id: z.string().optional(), name: z.string().optional(), arguments: z.string().optional() });
type Item = z.infer<typeof ItemSchema>;

const EventSchema = z.looseObject({
  type: z.string(),
  sequence_number: z.number().int().optional(),
  output_index: z.number().int().nonnegative().optional(),
  content_index: z.number().int().nonnegative().optional(),
  item: ItemSchema.optional(),
  part: z.looseObject({ type: z.string() }).optional(),
  delta: z.string().optional(),
  text: z.string().optional(),
  arguments: z.string().optional(),
  response: z
    .looseObject({
      status: z.string().nullish(),
      incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
      output: z.array(ItemSchema).nullish(),
    })
    .optional(),
  message: z.string().optional(),
});
type ResponsesEvent = z.infer<typeof EventSchema>;

const EVENT = 'a Responses stream event';
const ENDINGS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** What the reader has gathered so far: the output items by index, the calls among them, the text and the ending. */
type ReaderState = {
  calls: StreamedCalls;
  items: Map<number, Item>;
  frames: number;
  text: string;
  envelope: Record<string, unknown>;
  finishReason: string | null;
  ended: boolean;
};

function requireIndex(event: ResponsesEvent, position: number): number {
  if (event.output_index === undefined) throw new ProviderReplyError(`Frame ${position + 1} of the stream (${event.type}) has no output_index.`);
  return event.output_index;
}

/** The text part an output_text event writes to, in the message item it names. */
function writeText(state: ReaderState, event: ResponsesEvent, position: number, write: (previous: string) => string): void {
  const item = state.items.get(requireIndex(event, position));
  const content = item && Array.isArray(item.content) ? item.content : undefined;
  const part: unknown = content?.[event.content_index ?? 0];
  if (part && typeof part === 'object' && 'text' in part && typeof part.text === 'string') part.text = write(part.text);
}

/** An output item opens or closes: a function call's arguments start, or are restated whole. */
function applyItemEvent({ calls, items }: ReaderState, event: ResponsesEvent, position: number): void {
  const index = requireIndex(event, position);
  if (!event.item) throw new ProviderReplyError(`Frame ${position + 1} of the stream (${event.type}) has no item.`);
  items.set(index, structuredClone(event.item));
  if (event.item.type !== 'function_call') return;
  calls.open({ index, frame: position, arrival: 'fragments', id: event.item.call_id, name: event.item.name });
  if (event.type === 'response.output_item.added') calls.append({ index, frame: position, fragment: event.item.arguments ?? '' });
  else calls.settle({ index, frame: position, argumentsText: event.item.arguments ?? '' });
}

/** A piece of a call's arguments (delta), or the whole of them (done), kept in the call and its item alike. */
function applyArgumentsEvent({ calls, items }: ReaderState, event: ResponsesEvent, position: number): void {
  const index = requireIndex(event, position);
  const item = items.get(index);
  if (event.type === 'response.function_call_arguments.delta') {
    calls.append({ index, frame: position, fragment: event.delta ?? '' });
    if (item) item.arguments = (item.arguments ?? '') + (event.delta ?? '');
    return;
  }
  calls.settle({ index, frame: position, argumentsText: event.arguments ?? '' });
  if (item) item.arguments = event.arguments ?? '';
}

/**
 * The ending event restates the whole response, its output included: that output is the
 * reply, as the OpenAI SDK takes it, so a server that sends its items only there (no
 * output_item events) still gives its calls. One that ends with an empty output keeps
 * the items its events brought.
 */
function applyEnding(state: ReaderState, event: ResponsesEvent, position: number): void {
  const { response } = event;
  state.envelope = { ...(response ?? {}) };
  const output = response?.output ?? [];
  if (output.length > 0) {
    state.items.clear();
    output.forEach((item, index) => {
      state.items.set(index, structuredClone(item));
      if (item.type !== 'function_call') return;
      state.calls.open({ index, frame: position, arrival: 'fragments', id: item.call_id, name: item.name });
      state.calls.settle({ index, frame: position, argumentsText: item.arguments ?? '' });
    });
  }
  state.ended = true;
  state.finishReason =
    response?.status === 'incomplete' && response.incomplete_details?.reason ? `incomplete: ${response.incomplete_details.reason}` : (response?.status ?? null);
}

function applyResponsesEvent(state: ReaderState, event: ResponsesEvent, position: number): void {
  switch (event.type) {
    case 'response.created':
    case 'response.in_progress':
      state.envelope = { ...(event.response ?? {}) };
      return;
    case 'response.output_item.added':
    case 'response.output_item.done':
      return applyItemEvent(state, event, position);
    case 'response.content_part.added': {
      const item = state.items.get(requireIndex(event, position));
      if (item && Array.isArray(item.content) && event.part) item.content[event.content_index ?? item.content.length] = structuredClone(event.part);
      return;
    }
    case 'response.function_call_arguments.delta':
    case 'response.function_call_arguments.done':
      return applyArgumentsEvent(state, event, position);
    case 'response.output_text.delta':
      state.text += event.delta ?? '';
      return writeText(state, event, position, (previous) => previous + (event.delta ?? ''));
    case 'response.output_text.done':
      return writeText(state, event, position, () => event.text ?? '');
    case 'error':
      throw new ProviderReplyError(`The stream ended with an error from the provider: ${event.message ?? 'no message'}`);
    default:
      // Reasoning, refusal and other parts arrive whole in output_item.done.
      if (ENDINGS.has(event.type)) applyEnding(state, event, position);
  }
}

export function createOpenAiResponsesStreamReader(): StreamReader {
  const state: ReaderState = { calls: new StreamedCalls(), items: new Map(), frames: 0, text: '', envelope: {}, finishReason: null, ended: false };
  const view = (): StreamView => ({ frames: state.frames, text: state.text, calls: state.calls.list(), finishReason: state.finishReason, ended: state.ended });
  return {
    feed(frame) {
      const position = state.frames++;
      if (frame.data.trim() === '[DONE]') return;
      const event = parseProviderReply({
        schema: EventSchema,
        value: parseFrameJson({ frame, position, what: EVENT }),
        what: EVENT,
        path: [`frame ${position + 1}`],
      });
      applyResponsesEvent(state, event, position);
    },
    view,
    assemble() {
      const output = [...state.items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
      return { object: 'response', ...state.envelope, output };
    },
  };
}
