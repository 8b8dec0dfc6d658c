import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { ProviderReplyError, type ProviderReply } from '../types.ts';
import type { GeminiModelTurn } from './gemini-content.ts';

const FunctionCallSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  args: z.unknown().optional(),
});

const PartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  functionCall: FunctionCallSchema.optional(),
});

export const GeminiResponseSchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema).optional() }).optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  modelVersion: z.string().optional(),
});

const GEMINI_RESPONSE = 'a Gemini generateContent response';

function fail(reason: string): never {
  throw new ProviderReplyError(`The reply is not ${GEMINI_RESPONSE}: ${reason}.`);
}

/**
 * Reads a generateContent response: the first candidate's function calls and its text.
 * Thought summaries (`thought: true`) are not the answer. A reply with no content at all
 * (a blocked prompt, a safety stop) is reported, not read as an empty answer.
 */
export function readGeminiResponse({ body }: { body: unknown }): ProviderReply<GeminiModelTurn> {
  const { candidates, promptFeedback, modelVersion } = parseProviderReply({ schema: GeminiResponseSchema, value: body, what: GEMINI_RESPONSE });
  const candidate = candidates?.[0];
  if (!candidate) {
    if (promptFeedback?.blockReason) throw new ProviderReplyError(`Gemini refused the prompt (blockReason ${promptFeedback.blockReason}): there is no candidate to read.`);
    fail('candidates: expected at least one candidate');
  }
  const parts = candidate.content?.parts;
  if (!candidate.content || !parts) {
    throw new ProviderReplyError(`Gemini returned a candidate with no content (finishReason ${candidate.finishReason ?? 'missing'}): there is nothing to read.`);
  }
  const toolCalls = parts.flatMap(({ functionCall: call }, index) =>
    call ? [{ ...(call.id !== undefined ? { id: call.id } : {}), name: call.name, arguments: call.args, raw: parts[index] }] : [],
  );
  const texts = parts.flatMap((part) => (part.text !== undefined && !part.thought ? [part.text] : []));
  return {
    toolCalls,
    text: texts.length > 0 ? texts.join('') : null,
    assistantMessage: { ...candidate.content, role: candidate.content.role ?? 'model', parts },
    finishReason: candidate.finishReason ?? null,
    model: modelVersion ?? null,
  };
}
