import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { StreamedCalls, parseFrameJson, type StreamReader, type StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';

/**
 * Reads a streamed Ollama `/api/chat` reply: NDJSON lines with `done: false` carrying the
 * next piece of the message's content (or thinking), tool calls arriving whole in one of
 * them, then a last line with `done: true`, the done reason and the timings.
 */

const LineSchema = z.looseObject({
  model: z.string().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().optional(),
      thinking: z.string().optional(),
      tool_calls: z.array(z.looseObject({ id: z.string().optional(), function: z.looseObject({ name: z.string(), arguments: z.unknown() }) })).nullish(),
    })
    .optional(),
  done: z.boolean().optional(),
  done_reason: z.string().optional(),
  error: z.string().optional(),
});

const LINE = 'an Ollama stream line';

export function createOllamaStreamReader(): StreamReader {
  const calls = new StreamedCalls();
  const toolCalls: unknown[] = [];
  let frames = 0;
  let text = '';
  let thinking = '';
  let last: Record<string, unknown> = {};
  let finishReason: string | null = null;
  let ended = false;

  const view = (): StreamView => ({ frames, text, calls: calls.list(), finishReason, ended });

  return {
    feed(frame) {
      const position = frames++;
      const line = parseProviderReply({
        schema: LineSchema,
        value: parseFrameJson({ frame, position, what: LINE }),
        what: LINE,
        path: [`line ${position + 1}`],
      });
      if (line.error !== undefined) throw new ProviderReplyError(`The stream ended with an error from Ollama: ${line.error}`);
      const { message, ...rest } = line;
      last = rest;
      text += message?.content ?? '';
      thinking += message?.thinking ?? '';
      for (const call of message?.tool_calls ?? []) {
        const index = toolCalls.length;
        toolCalls.push(structuredClone(call));
        calls.open({ index, frame: position, arrival: 'whole', id: call.id, name: call.function.name });
        calls.append({ index, frame: position, fragment: JSON.stringify(call.function.arguments ?? {}) });
      }
      if (line.done) {
        ended = true;
        finishReason = line.done_reason ?? null;
      }
    },
    view,
    assemble() {
      const message = {
        role: 'assistant',
        content: text,
        ...(thinking !== '' ? { thinking } : {}),
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      };
      return { ...last, message };
    },
  };
}
