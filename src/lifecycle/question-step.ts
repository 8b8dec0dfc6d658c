import type { StepId, Step } from '../trace/index.ts';
import type { RunOptions } from './run-context.ts';
import { collectRunSecrets } from './run-secrets.ts';
import { startTrace, type TraceOptions } from './start-trace.ts';
import { TraceWriter } from './trace-writer.ts';

/**
 * Step 1, the user's question reaching the host. The engine records it first
 * (discovery.ts); the page shows the very same step the moment Next is pressed, while the
 * engine and its MCP client are still loading, and the engine's own step 1 then takes its
 * place by number. So both are written here, by the engine's own trace writer, and this
 * module stays light (no MCP code): the first page carries it.
 */

export const QUESTION_STEP_ID = 'user.question' satisfies StepId;

/** What the host records as step 1. */
export function describeQuestionStep(question: string): { payload: { question: string } } {
  return { payload: { question } };
}

type QuestionStepOptions = TraceOptions & Pick<RunOptions, 'mcpHeaders'>;

/**
 * Step 1 as the run with these options will record it, but before the run exists: a
 * trace writer over an empty trace in the same era, redacting the run's own secrets (a
 * question that quotes the key is shown redacted, as the engine will record it). Only its
 * time differs from the engine's.
 */
export function recordQuestionStepAhead(options: QuestionStepOptions): Step {
  const writer = new TraceWriter(startTrace(options), () => 0, collectRunSecrets(options));
  return writer.append(QUESTION_STEP_ID, describeQuestionStep(options.question));
}
