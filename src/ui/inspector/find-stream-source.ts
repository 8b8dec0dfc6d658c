import type { Step } from '../../trace/index.ts';

/**
 * The streamed reply a step shows: its own, or for translation #2 the reply whose call it
 * translates (the last model reply with tool calls before it). Walked back from the step's
 * place, which is its number's in a run as recorded: the inspector asks at every change of
 * the store, and a filter of the whole run read a long trace through at each one.
 */
export function findStreamSource(steps: readonly Step[], step: Step): Step | undefined {
  if (step.stream) return step;
  if (step.id !== 'host.translate-tool-call') return undefined;
  const at = steps[step.n - 1] === step ? step.n - 1 : steps.indexOf(step);
  for (let index = at - 1; index >= 0; index--) {
    const candidate = steps[index]!;
    if (candidate.id === 'provider.response.tool-calls') return candidate.stream ? candidate : undefined;
  }
  return undefined;
}
