import type { FailureSituation } from '../content/index.ts';
import type { Step } from '../trace/index.ts';
import { ANSWER_REPLY_STEPS, TOOL_CALL_REPLY_STEPS, groupByRound } from '../trace/index.ts';

/**
 * Reads from the recorded messages how a step's round left the happy path, and whether
 * the step itself is where it failed (drawn red in the caption, graph and timeline).
 * Nothing here is a script: every answer comes from a payload that really crossed.
 */
export type StepOutcome = { situation: FailureSituation; failed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const hasError = (step: Step) => isRecord(step.payload) && 'error' in step.payload;
/** -32020 HeaderMismatch (2026-07-28): the server refused the request before it looked the tool up. */
const HEADER_MISMATCH_CODE = -32020;
const isHeaderMismatch = (step: Step) => isRecord(step.payload) && isRecord(step.payload.error) && step.payload.error.code === HEADER_MISMATCH_CODE;
const isErrorResult = (step: Step) => isRecord(step.payload) && isRecord(step.payload.result) && step.payload.result.isError === true;

/** Where each situation failed: these steps are drawn red. */
const FAILED_STEPS: Record<FailureSituation, ReadonlySet<string>> = {
  'validation-refused': new Set(['server.validate-arguments', 'mcp.tools-call.response', 'client.result-to-host']),
  'unknown-tool': new Set(['server.registry-lookup', 'mcp.tools-call.response', 'client.result-to-host']),
  'header-mismatch': new Set(['mcp.tools-call.response', 'client.result-to-host']),
  'arguments-unreadable': new Set(['host.translate-tool-call']),
  'tool-failed': new Set(['mcp.tools-call.response', 'client.result-to-host']),
  'no-tool': new Set(),
};

/** Whether any model reply of the run called a tool (a provider-side run's calls are the provider's own, reported: a reply that reports one called a tool). */
function callsAnyTool(steps: readonly Step[]): boolean {
  return steps.some((step) => TOOL_CALL_REPLY_STEPS.has(step.id) || step.id === 'provider.reported.tools-call.request');
}

/** The situation of one round, from its own steps and whether the run called any tool; undefined on the happy path. */
function findRoundSituation(roundSteps: readonly Step[], runCalledTool: boolean): FailureSituation | undefined {
  if (roundSteps.some((step) => step.id === 'host.translate-tool-call' && hasError(step))) return 'arguments-unreadable';
  const responses = roundSteps.filter((step) => step.id === 'mcp.tools-call.response');
  if (responses.some(isHeaderMismatch)) return 'header-mismatch';
  if (responses.some(hasError)) return 'unknown-tool';
  if (responses.some(isErrorResult)) return roundSteps.some((step) => step.id === 'server.execute') ? 'tool-failed' : 'validation-refused';
  const answered = roundSteps.some((step) => ANSWER_REPLY_STEPS.has(step.id));
  if (answered && !runCalledTool) return 'no-tool';
  return undefined;
}

/** The outcome of every recorded step, by index; computed once per change of the steps. */
export function findStepOutcomes(steps: readonly Step[]): (StepOutcome | undefined)[] {
  const situations = new Map<number, FailureSituation | undefined>();
  const runCalledTool = callsAnyTool(steps);
  for (const [round, roundSteps] of groupByRound(steps, (step) => step.iteration)) {
    const own = findRoundSituation(roundSteps, runCalledTool);
    // A model that answers right after a tool failed (no new call) is reporting that failure, not a computation.
    const answersFailure = situations.get(round - 1) === 'tool-failed' && roundSteps.some((step) => ANSWER_REPLY_STEPS.has(step.id));
    situations.set(round, own ?? (answersFailure ? 'tool-failed' : undefined));
  }
  return steps.map((step) => {
    const situation = situations.get(step.iteration);
    return situation ? { situation, failed: FAILED_STEPS[situation].has(step.id) } : undefined;
  });
}

/** A word or two for a step that failed, beside its number. */
export const FAILURE_LABELS: Record<FailureSituation, string> = {
  'validation-refused': 'refused',
  'unknown-tool': 'no such tool',
  'header-mismatch': 'header mismatch',
  'arguments-unreadable': 'not JSON',
  'tool-failed': 'tool failed',
  'no-tool': '',
};
