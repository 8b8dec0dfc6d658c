import type { Step } from '../../trace/index.ts';
import type { StepOutcome } from '../step-outcome.ts';

/**
 * Canonical steps a round jumped over while the run has them elsewhere (another round):
 * a tools/call that was never sent, a handler that never ran. The steps a run never had
 * at all are the finished run's missing steps (src/content/missing-steps.ts).
 */
export type SkippedStep = { canonical: number; round: number; reason: string; afterIndex: number };

const REASONS: Partial<Record<StepOutcome['situation'], string>> = {
  'arguments-unreadable': 'translation #2 could not read the model’s arguments, so no tools/call was sent and the server never saw this call.',
  'validation-refused': 'the server’s validation refused the arguments, so the handler never ran.',
  'unknown-tool': 'the server has no tool by that name: there was nothing to validate or run.',
  'header-mismatch': 'the server refused the request before it looked the tool up: a header disagreed with the body (-32020).',
};

export function findSkippedSteps({ steps, outcomes }: { steps: readonly Step[]; outcomes: readonly (StepOutcome | undefined)[] }): SkippedStep[] {
  const skipped: SkippedStep[] = [];
  let previous: { step: Step; index: number } | undefined;
  steps.forEach((step, index) => {
    if (step.canonical === null) return;
    if (previous && previous.step.iteration === step.iteration && previous.step.canonical !== null && step.canonical > previous.step.canonical + 1) {
      const situation = outcomes[index]?.situation ?? outcomes[previous.index]?.situation;
      const reason = (situation && REASONS[situation]) ?? 'this step did not happen in this round.';
      for (let canonical = previous.step.canonical + 1; canonical < step.canonical; canonical++) {
        skipped.push({ canonical, round: step.iteration, reason, afterIndex: previous.index });
      }
    }
    previous = { step, index };
  });
  return skipped;
}
