import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { StreamedCalls, parseFrameJson, type StreamedCall, type StreamFrame, type StreamReader, type StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';

/**
 * Reads a streamed Chat Completions reply (`stream: true`): `chat.completion.chunk` frames,
 * then `data: [DONE]`. The reply is over once a chunk carries its `finish_reason`, as the
 * OpenAI SDK reads it (its stream helper refuses a reply without one, with or without
 * [DONE]); the usage chunk and [DONE] that follow add nothing to the reply. A tool call comes in pieces keyed by `index`: the first names the
 * call (`id`, `type`, `function.name`, empty `arguments`), the next ones carry pieces of
 * `arguments` cut anywhere, and parallel calls may interleave. The legacy functions format
 * streams its one call as `delta.function_call` pieces. Usage comes in a last chunk with
 * no choices when the request asked for it (`stream_options.include_usage`).
 */

const ToolCallDeltaSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

const ChunkSchema = z.looseObject({
  id: z.string().nullish(),
  created: z.number().nullish(),
  model: z.string().nullish(),
  system_fingerprint: z.string().nullish(),
  choices: z.array(
    z.looseObject({
      index: z.number().int().nullish(),
      delta: z
        .looseObject({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          tool_calls: z.array(ToolCallDeltaSchema).nullish(),
          function_call: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
          /** DeepSeek's thinking (and vLLM's, Qwen's), in pieces as the content comes; DeepSeek wants it back whole with a tool-call turn. */
          reasoning_content: z.string().nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z.unknown().optional(),
});

const ErrorFrameSchema = z.looseObject({ error: z.looseObject({ message: z.string() }) });

const CHUNK = 'a Chat Completions chunk';

/** The legacy function_call is one call with no index: the host keeps it at position 0. */
const LEGACY_CALL = 0;

/** A frame's chunk; null for the [DONE] after the reply. A frame with an error ends the stream with the provider's words. */
function readChunk(frame: StreamFrame, position: number): z.infer<typeof ChunkSchema> | null {
  if (frame.data.trim() === '[DONE]') return null;
  const value = parseFrameJson({ frame, position, what: CHUNK });
  const error = ErrorFrameSchema.safeParse(value);
  if (error.success) throw new ProviderReplyError(`The stream ended with an error from the provider: ${error.data.error.message}`);
  return parseProviderReply({ schema: ChunkSchema, value, what: CHUNK, path: [`frame ${position + 1}`] });
}

/** The calls of the reassembled message: the legacy function_call, or tool_calls; none when the model called nothing. */
function assembleCalls(streamed: StreamedCall[], legacy: boolean): Record<string, unknown> {
  if (legacy && streamed[0])
    return { function_call: { ...(streamed[0].name !== undefined ? { name: streamed[0].name } : {}), arguments: streamed[0].argumentsText } };
  if (streamed.length === 0) return {};
  // A piece the provider never sent (an id, a name) stays absent, so the reply reader says so as it would of a whole reply.
  return {
    tool_calls: streamed.map((call) => ({
      ...(call.id !== undefined ? { id: call.id } : {}),
      type: 'function',
      function: { ...(call.name !== undefined ? { name: call.name } : {}), arguments: call.argumentsText },
    })),
  };
}

export function createOpenAiChatStreamReader(): StreamReader {
  const calls = new StreamedCalls();
  let frames = 0;
  let text = '';
  let sawContent = false;
  let reasoningContent: string | null = null;
  let refusal: string | null = null;
  let finishReason: string | null = null;
  let legacy = false;
  let envelope: { id?: string | null; created?: number | null; model?: string | null; system_fingerprint?: string | null } = {};
  let usage: unknown;

  const view = (): StreamView => ({ frames, text, calls: calls.list(), finishReason, ended: finishReason !== null });

  return {
    feed(frame) {
      const position = frames++;
      const chunk = readChunk(frame, position);
      if (!chunk) return;
      envelope = {
        id: chunk.id ?? envelope.id,
        created: chunk.created ?? envelope.created,
        model: chunk.model ?? envelope.model,
        system_fingerprint: chunk.system_fingerprint ?? envelope.system_fingerprint,
      };
      if (chunk.usage !== undefined && chunk.usage !== null) usage = chunk.usage;
      // One choice is asked for (n = 1): others, if a server sends them, are not the host's reply.
      const choice = chunk.choices.find((entry) => (entry.index ?? 0) === 0);
      if (!choice) return;
      const delta = choice.delta;
      if (typeof delta?.content === 'string') {
        text += delta.content;
        sawContent = true;
      }
      if (typeof delta?.refusal === 'string') refusal = (refusal ?? '') + delta.refusal;
      // Joined as DeepSeek's documentation joins it; the OpenAI SDK's helper, which knows no such field, would keep only the last piece.
      if (typeof delta?.reasoning_content === 'string') reasoningContent = (reasoningContent ?? '') + delta.reasoning_content;
      for (const piece of delta?.tool_calls ?? []) {
        calls.open({ index: piece.index, frame: position, arrival: 'fragments', id: piece.id ?? undefined, name: piece.function?.name ?? undefined });
        calls.append({ index: piece.index, frame: position, fragment: piece.function?.arguments ?? '' });
      }
      if (delta?.function_call) {
        legacy = true;
        calls.open({ index: LEGACY_CALL, frame: position, arrival: 'fragments', name: delta.function_call.name ?? undefined });
        calls.append({ index: LEGACY_CALL, frame: position, fragment: delta.function_call.arguments ?? '' });
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    },
    view,
    assemble() {
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: sawContent ? text : null,
        refusal,
        ...(reasoningContent === null ? {} : { reasoning_content: reasoningContent }),
        ...assembleCalls(calls.list(), legacy),
      };
      return {
        id: envelope.id ?? '',
        object: 'chat.completion',
        created: envelope.created ?? 0,
        model: envelope.model ?? '',
        ...(envelope.system_fingerprint ? { system_fingerprint: envelope.system_fingerprint } : {}),
        choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        ...(usage !== undefined ? { usage } : {}),
      };
    },
  };
}
