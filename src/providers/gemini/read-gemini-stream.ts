import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { StreamedCalls, parseFrameJson, type StreamReader, type StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';

/**
 * Reads a streamed Gemini reply (`streamGenerateContent?alt=sse`): every frame is a whole
 * generateContent response holding the next parts. A functionCall arrives whole in one
 * part, so there is no arguments buffer to grow: the call parses the moment it comes.
 * Text comes as further text parts, joined in the reassembled reply as Gemini joins them
 * when it does not stream. No end marker: the stream ends after the chunk with finishReason,
 * or after a chunk with no candidate and `promptFeedback.blockReason` (the question was
 * blocked before the model wrote anything), as the @google/genai SDK reads it.
 */

const PartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  functionCall: z.looseObject({ id: z.string().optional(), name: z.string(), args: z.unknown().optional() }).optional(),
});
type Part = z.infer<typeof PartSchema>;

const ChunkSchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema).optional() }).optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  error: z.looseObject({ message: z.string(), status: z.string().optional() }).optional(),
});

const CHUNK = 'a Gemini stream chunk';

/** Two text parts join when nothing but their text differs; a signature or a thought flag keeps a part apart. */
function canJoin(previous: Part | undefined, next: Part): previous is Part & { text: string } {
  if (!previous || previous.text === undefined || next.text === undefined) return false;
  const plain = (part: Part) => Object.keys(part).every((key) => key === 'text' || key === 'thought');
  return plain(previous) && plain(next) && (previous.thought ?? false) === (next.thought ?? false);
}

export function createGeminiStreamReader(): StreamReader {
  const calls = new StreamedCalls();
  const parts: Part[] = [];
  let frames = 0;
  let text = '';
  let callCount = 0;
  let finishReason: string | null = null;
  let blocked = false;
  let sawCandidate = false;
  let last: Record<string, unknown> = {};
  let candidateFields: Record<string, unknown> = {};
  let role = 'model';

  const view = (): StreamView => ({ frames, text, calls: calls.list(), finishReason, ended: finishReason !== null || blocked });

  return {
    feed(frame) {
      const position = frames++;
      const value = parseFrameJson({ frame, position, what: CHUNK });
      const chunk = parseProviderReply({ schema: ChunkSchema, value, what: CHUNK, path: [`frame ${position + 1}`] });
      if (chunk.error)
        throw new ProviderReplyError(
          `The stream ended with an error from Gemini${chunk.error.status ? ` (${chunk.error.status})` : ''}: ${chunk.error.message}`,
        );
      const { candidates, ...envelope } = chunk;
      last = envelope;
      const candidate = candidates?.[0];
      if (!candidate) {
        if (chunk.promptFeedback?.blockReason) blocked = true;
        return;
      }
      sawCandidate = true;
      const { content, ...fields } = candidate;
      candidateFields = { ...candidateFields, ...fields };
      role = content?.role ?? role;
      for (const part of content?.parts ?? []) {
        if (part.functionCall) {
          const index = callCount++;
          calls.open({ index, frame: position, arrival: 'whole', id: part.functionCall.id, name: part.functionCall.name });
          calls.append({ index, frame: position, fragment: JSON.stringify(part.functionCall.args ?? {}) });
        }
        if (part.text !== undefined && !part.thought) text += part.text;
        const previous = parts.at(-1);
        if (canJoin(previous, part)) previous.text += part.text ?? '';
        else parts.push(structuredClone(part));
      }
      if (candidate.finishReason) finishReason = candidate.finishReason;
    },
    view,
    assemble() {
      // A stream with no candidate (a blocked prompt) reassembles into the whole reply Gemini sends then: none, and the promptFeedback.
      return sawCandidate ? { candidates: [{ ...candidateFields, content: { role, parts } }], ...last } : { ...last };
    },
  };
}
