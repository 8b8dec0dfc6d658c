import { SdkError, SdkErrorCode, type StandardSchemaV1Sync } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { StepId } from '../trace/index.ts';
import type { RunSlice } from './run-context.ts';

/** What reading a result without resultType needs: the recorded traffic and the steps. */
export type ResultWithoutTypeContext = RunSlice<'signal' | 'traffic' | 'trace' | 'writer'>;

/**
 * A 2026-07-28 result with no `resultType`. The SDK refuses it ("servers implementing
 * 2026-07-28 MUST include it"), and the run used to end there; but the multi round-trip
 * rules (SEP-2322) make "complete" what a client assumes when the field is absent, and the
 * conformance suite holds clients to that. So the host reads the answer the traffic
 * recorded, validated by the SDK's own schema for that result, as complete, and says so on
 * the answer's step. Anything else the SDK refused stays refused.
 */

/** The answer steps of the requests the host sends whose results it reads. */
const ANSWER_STEPS = {
  'tools/list': 'mcp.tools-list.response',
  'tools/call': 'mcp.tools-call.response',
} as const satisfies Record<string, StepId>;

const MissingResultTypeSchema = z.object({ violation: z.literal('missing-resultType') });
const AnswerSchema = z.object({ result: z.record(z.string(), z.unknown()) });

export const COMPLETE_BY_DEFAULT_NOTE =
  'This 2026-07-28 result says no resultType. The SDK refuses such a result (the spec asks servers to send it); the host reads it as complete, the default of the multi round-trip rules (SEP-2322), since nothing in it asks for input.';

function isMissingResultType(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.InvalidResult && MissingResultTypeSchema.safeParse(error.data).success;
}

/** The result the server sent, read as complete, when the SDK refused it only for a missing resultType; undefined otherwise. */
export async function readResultWithoutType<T>(
  context: ResultWithoutTypeContext,
  { method, schema, error }: { method: keyof typeof ANSWER_STEPS; schema: StandardSchemaV1Sync<unknown, T>; error: unknown },
): Promise<T | undefined> {
  if (!isMissingResultType(error) || context.signal.aborted) return undefined;
  await context.traffic.answered(method);
  const step = context.trace.steps.findLast((candidate) => candidate.id === ANSWER_STEPS[method]);
  const answer = AnswerSchema.safeParse(step?.payload);
  if (!step || !answer.success || 'resultType' in answer.data.result) return undefined;
  const validated = schema['~standard'].validate(answer.data.result);
  if (validated.issues !== undefined) return undefined;
  context.writer.update(step, { note: [step.note, COMPLETE_BY_DEFAULT_NOTE].filter(Boolean).join(' ') });
  return validated.value;
}
