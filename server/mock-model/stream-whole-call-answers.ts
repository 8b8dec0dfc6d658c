import { z } from 'zod';
import { breakOffStream } from './break-off-reply.ts';
import { cutIntoWords, jsonFrame, type MockStream } from './mock-stream.ts';

/**
 * The two formats that stream a tool call whole. Gemini (`streamGenerateContent?alt=sse`)
 * sends each chunk as a whole response with the next parts: text a few words per chunk,
 * function calls whole in one chunk, the finish reason and the full usage on the last.
 * Ollama sends NDJSON lines: `done: false` lines with the next piece of the content or the
 * tool calls whole, then a `done: true` line with the done reason and the timings.
 */

type GeminiPart = { text?: string; [field: string]: unknown };
export type GeminiAnswer = {
  candidates: { content?: { role: string; parts: GeminiPart[] }; finishReason?: string; [field: string]: unknown }[];
  usageMetadata?: unknown;
  [field: string]: unknown;
};

export function streamGeminiAnswer({ answer }: { answer: GeminiAnswer }): MockStream {
  const [candidate, ...others] = answer.candidates;
  // A candidate with no content (stopped for SAFETY before a word) is one chunk, as Gemini sends it.
  if (!candidate?.content || others.length > 0) return { framing: 'sse', frames: [jsonFrame(answer)] };
  const { content, finishReason, ...candidateFields } = candidate;
  const { candidates: _candidates, usageMetadata, ...envelope } = answer;
  // Plain text parts are cut into chunks; any other part (a call, a signed part) travels whole, consecutive ones together.
  const chunks: GeminiPart[][] = [];
  for (const part of content.parts) {
    const plain = Object.keys(part).every((key) => key === 'text') && typeof part.text === 'string';
    if (plain) for (const text of cutIntoWords(part.text ?? '')) chunks.push([{ text }]);
    else if (chunks.length > 0 && !chunks.at(-1)!.some((entry) => Object.keys(entry).every((key) => key === 'text'))) chunks.at(-1)!.push(part);
    else chunks.push([part]);
  }
  if (chunks.length === 0) chunks.push([]);
  const frames = chunks.map((parts, index) => {
    const last = index === chunks.length - 1;
    const chunkCandidate = { content: { role: content.role, parts }, ...(last && finishReason ? { finishReason } : {}), ...candidateFields };
    return jsonFrame({ candidates: [chunkCandidate], ...(last && usageMetadata !== undefined ? { usageMetadata } : {}), ...envelope });
  });
  return { framing: 'sse', frames };
}

const GeminiChunkSchema = z.looseObject({ candidates: z.array(z.looseObject({})).optional() });

/**
 * The interrupted habit's Gemini stream: the first half of its chunks, none carrying a
 * finishReason or the usage that comes with the last one. Gemini has no end marker but
 * that finishReason, and a call arrives whole in one chunk, so a call may arrive while the
 * reply never says it is over.
 */
export function breakOffGeminiStream(stream: MockStream): MockStream {
  const frames = breakOffStream(stream).frames.map((frame) => {
    const { usageMetadata: _usage, ...chunk } = GeminiChunkSchema.parse(JSON.parse(frame.data));
    return jsonFrame({ ...chunk, candidates: chunk.candidates?.map(({ finishReason: _finish, ...candidate }) => candidate) });
  });
  return { ...stream, frames };
}

export type OllamaAnswer = {
  model: string;
  created_at: string;
  message: { role: string; content: string; tool_calls?: unknown[]; [field: string]: unknown };
  done: boolean;
  [field: string]: unknown;
};

export function streamOllamaAnswer({ answer }: { answer: OllamaAnswer }): MockStream {
  const { model, created_at: createdAt, message, ...final } = answer;
  const line = (fields: Record<string, unknown>) => jsonFrame({ model, created_at: createdAt, ...fields });
  const frames = [
    ...(message.content === '' ? [] : cutIntoWords(message.content)).map((content) => line({ message: { role: message.role, content }, done: false })),
    ...(message.tool_calls && message.tool_calls.length > 0
      ? [line({ message: { role: message.role, content: '', tool_calls: message.tool_calls }, done: false })]
      : []),
    line({ message: { role: message.role, content: '' }, ...final, done: true }),
  ];
  return { framing: 'ndjson', frames };
}
