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
    .looseObject({ status: z.string().nullish(), incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(), output: z.array(ItemSchema).nullish() })
    .optional(),
  message: z.string().optional(),
});
type ResponsesEvent = z.infer<typeof EventSchema>;

const EVENT = 'a Responses stream event';
const ENDINGS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

export function createOpenAiResponsesStreamReader(): StreamReader {
  const calls = new StreamedCalls();
  const items = new Map<number, Item>();
  let frames = 0;
  let text = '';
  let envelope: Record<string, unknown> = {};
  let finishReason: string | null = null;
  let ended = false;

  const requireIndex = (event: ResponsesEvent, position: number): number => {
    if (event.output_index === undefined) throw new ProviderReplyError(`Frame ${position + 1} of the stream (${event.type}) has no output_index.`);
    return event.output_index;
  };

  /** The text part an output_text event writes to, in the message item it names. */
  const writeText = (event: ResponsesEvent, position: number, write: (previous: string) => string) => {
    const item = items.get(requireIndex(event, position));
    const content = item && Array.isArray(item.content) ? item.content : undefined;
    const part: unknown = content?.[event.content_index ?? 0];
    if (part && typeof part === 'object' && 'text' in part && typeof part.text === 'string') part.text = write(part.text);
  };

  const apply = (event: ResponsesEvent, position: number) => {
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        envelope = { ...(event.response ?? {}) };
        return;
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const index = requireIndex(event, position);
        if (!event.item) throw new ProviderReplyError(`Frame ${position + 1} of the stream (${event.type}) has no item.`);
        items.set(index, structuredClone(event.item));
        if (event.item.type !== 'function_call') return;
        calls.open({ index, frame: position, arrival: 'fragments', id: event.item.call_id, name: event.item.name });
        if (event.type === 'response.output_item.added') calls.append({ index, frame: position, fragment: event.item.arguments ?? '' });
        else calls.settle({ index, frame: position, argumentsText: event.item.arguments ?? '' });
        return;
      }
      case 'response.content_part.added': {
        const item = items.get(requireIndex(event, position));
        if (item && Array.isArray(item.content) && event.part) item.content[event.content_index ?? item.content.length] = structuredClone(event.part);
        return;
      }
      case 'response.function_call_arguments.delta': {
        const index = requireIndex(event, position);
        calls.append({ index, frame: position, fragment: event.delta ?? '' });
        const item = items.get(index);
        if (item) item.arguments = (item.arguments ?? '') + (event.delta ?? '');
        return;
      }
      case 'response.function_call_arguments.done': {
        const index = requireIndex(event, position);
        calls.settle({ index, frame: position, argumentsText: event.arguments ?? '' });
        const item = items.get(index);
        if (item) item.arguments = event.arguments ?? '';
        return;
      }
      case 'response.output_text.delta':
        text += event.delta ?? '';
        writeText(event, position, (previous) => previous + (event.delta ?? ''));
        return;
      case 'response.output_text.done':
        writeText(event, position, () => event.text ?? '');
        return;
      case 'error':
        throw new ProviderReplyError(`The stream ended with an error from the provider: ${event.message ?? 'no message'}`);
      default:
        if (!ENDINGS.has(event.type)) return; // reasoning, refusal and other parts arrive whole in output_item.done
        envelope = { ...(event.response ?? {}) };
        takeFinalOutput(event.response?.output ?? [], position);
        ended = true;
        finishReason = event.response?.status === 'incomplete' && event.response.incomplete_details?.reason ? `incomplete: ${event.response.incomplete_details.reason}` : (event.response?.status ?? null);
    }
  };

  /**
   * The ending event restates the whole response, its output included: that output is the
   * reply, as the OpenAI SDK takes it, so a server that sends its items only there (no
   * output_item events) still gives its calls. One that ends with an empty output keeps
   * the items its events brought.
   */
  const takeFinalOutput = (output: Item[], position: number) => {
    if (output.length === 0) return;
    items.clear();
    output.forEach((item, index) => {
      items.set(index, structuredClone(item));
      if (item.type !== 'function_call') return;
      calls.open({ index, frame: position, arrival: 'fragments', id: item.call_id, name: item.name });
      calls.settle({ index, frame: position, argumentsText: item.arguments ?? '' });
    });
  };

  const view = (): StreamView => ({ frames, text, calls: calls.list(), finishReason, ended });

  return {
    feed(frame) {
      const position = frames++;
      if (frame.data.trim() === '[DONE]') return;
      const event = parseProviderReply({ schema: EventSchema, value: parseFrameJson({ frame, position, what: EVENT }), what: EVENT, path: [`frame ${position + 1}`] });
      apply(event, position);
    },
    view,
    assemble() {
      const output = [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
      return { object: 'response', ...envelope, output };
    },
  };
}
