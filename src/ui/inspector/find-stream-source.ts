import type { Step } from '../../trace/trace.ts';

/** The streamed reply a step shows: its own, or for translation #2 the reply whose call it translates. */
export function findStreamSource(steps: readonly Step[], step: Step): Step | undefined {
  if (step.stream) return step;
  if (step.id !== 'host.translate-tool-call') return undefined;
  const before = steps.filter((candidate) => candidate.n < step.n);
  const reply = before.findLast((candidate) => candidate.id === 'provider.response.tool-calls');
  return reply?.stream ? reply : undefined;
}
