import { z } from 'zod';
import { parseProviderReply } from '../parse-provider-reply.ts';
import type { StopCause } from '../../trace/index.ts';
import { FINISHED, nameMissingStop, nameStop, nameTokenLimit } from '../reply-stop.ts';
import { ProviderReplyError, type ProviderReply, type ReplyStop } from '../types.ts';
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
        finishMessage: z.string().optional(),
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

/** Every finishReason Gemini documents that is not a finished turn (STOP), and what it means. */
const GEMINI_STOP_CAUSES: Record<string, StopCause> = {
  SAFETY: 'safety',
  IMAGE_SAFETY: 'safety',
  RECITATION: 'recitation',
  IMAGE_RECITATION: 'recitation',
  BLOCKLIST: 'blocklist',
  PROHIBITED_CONTENT: 'prohibited-content',
  IMAGE_PROHIBITED_CONTENT: 'prohibited-content',
  SPII: 'personal-data',
  LANGUAGE: 'language',
  MALFORMED_FUNCTION_CALL: 'malformed-call',
  UNEXPECTED_TOOL_CALL: 'malformed-call',
  TOO_MANY_TOOL_CALLS: 'malformed-call',
  OTHER: 'other',
  IMAGE_OTHER: 'other',
  NO_IMAGE: 'other',
  FINISH_REASON_UNSPECIFIED: 'other',
};

/**
 * How the candidate ended: MAX_TOKENS is the token limit (mid-call when it holds calls), STOP
 * finished. No finishReason is a candidate still being written ("if empty, the model has not
 * stopped generating", Gemini's reference), so not a finished turn.
 */
function readGeminiStop({
  finishReason,
  finishMessage,
  hasToolCalls,
}: {
  finishReason: string | undefined;
  finishMessage: string | undefined;
  hasToolCalls: boolean;
}): ReplyStop {
  const path = 'candidates[0].finishReason';
  if (finishReason === undefined || finishReason === '') return nameMissingStop({ path });
  if (finishReason === 'MAX_TOKENS') return nameTokenLimit({ hasToolCalls, path, value: finishReason });
  // Own keys only, so that a reason such as "toString" is not read as a cause.
  const cause = finishReason !== undefined && Object.hasOwn(GEMINI_STOP_CAUSES, finishReason) ? GEMINI_STOP_CAUSES[finishReason] : undefined;
  if (cause === undefined) return FINISHED;
  return nameStop({ cause, path, value: finishReason, ...(finishMessage !== undefined ? { message: finishMessage } : {}) });
}

/**
 * Reads a generateContent response: the first candidate's function calls, its text and
 * how it ended. Thought summaries (`thought: true`) are not the answer. A blocked prompt
 * (no candidate, `promptFeedback.blockReason`) and a candidate stopped by a filter are
 * named stops; a candidate that finished with no content at all is reported, not read as
 * an empty answer.
 */
export function readGeminiResponse({ body }: { body: unknown }): ProviderReply<GeminiModelTurn> {
  const { candidates, promptFeedback, modelVersion } = parseProviderReply({ schema: GeminiResponseSchema, value: body, what: GEMINI_RESPONSE });
  const candidate = candidates?.[0];
  const model = modelVersion ?? null;
  if (!candidate) {
    const blockReason = promptFeedback?.blockReason;
    if (!blockReason) fail('candidates: expected at least one candidate');
    const stop = nameStop({ cause: 'prompt-blocked', path: 'promptFeedback.blockReason', value: blockReason });
    return { toolCalls: [], text: null, stop, assistantMessage: { role: 'model', parts: [] }, finishReason: null, model };
  }
  const parts = candidate.content?.parts;
  if (!candidate.content || !parts) {
    const stop = readGeminiStop({ finishReason: candidate.finishReason, finishMessage: candidate.finishMessage, hasToolCalls: false });
    if (stop.outcome === 'finished') {
      throw new ProviderReplyError(
        `Gemini returned a candidate with no content (finishReason ${candidate.finishReason ?? 'missing'}): there is nothing to read.`,
      );
    }
    return { toolCalls: [], text: null, stop, assistantMessage: { role: 'model', parts: [] }, finishReason: candidate.finishReason ?? null, model };
  }
  const toolCalls = parts.flatMap(({ functionCall: call }, index) =>
    call ? [{ ...(call.id !== undefined ? { id: call.id } : {}), name: call.name, arguments: call.args, raw: parts[index] }] : [],
  );
  const texts = parts.flatMap((part) => (part.text !== undefined && !part.thought ? [part.text] : []));
  return {
    toolCalls,
    text: texts.length > 0 ? texts.join('') : null,
    stop: readGeminiStop({ finishReason: candidate.finishReason, finishMessage: candidate.finishMessage, hasToolCalls: toolCalls.length > 0 }),
    assistantMessage: { ...candidate.content, role: candidate.content.role ?? 'model', parts },
    finishReason: candidate.finishReason ?? null,
    model,
  };
}
