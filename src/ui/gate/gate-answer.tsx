import { useExplorerStore, type ExplorerState } from '../../store/explorer-store.ts';
import { ConsentAnswer } from './consent-answer.tsx';
import { ElicitationAnswer } from './elicitation-answer.tsx';
import { SamplingReview } from './sampling-review.tsx';

/** The gates where the host waits for the user's own answer, not for a message to leave. */
const ANSWER_GATES = ['user.consent', 'host.sampling.review', 'user.elicitation.answer'] as const;
type AnswerGate = (typeof ANSWER_GATES)[number];

function isAnswerGate(id: string): id is AnswerGate {
  return ANSWER_GATES.some((gate) => gate === id);
}

const selectGate = (state: ExplorerState) =>
  state.cursor === state.steps.length - 1 && state.source.kind === 'live' && state.pending?.editable && isAnswerGate(state.pending.id) ? state.pending : null;
const selectLastStep = (state: ExplorerState) => state.steps.at(-1);

/**
 * The user's part at a gate, with controls instead of JSON: Allow or Deny a destructive
 * tool, Approve or Decline a server's sampling request, fill in (or decline) a server's
 * form. Each button releases the gate with the answer the engine reads; "Edit before
 * sending" stays for anyone who wants to send something else.
 */
export function GateAnswer() {
  const pending = useExplorerStore(selectGate);
  const last = useExplorerStore(selectLastStep);
  if (!pending) return null;
  const id: AnswerGate = isAnswerGate(pending.id) ? pending.id : 'user.consent';
  switch (id) {
    case 'user.consent':
      return <ConsentAnswer asked={last?.id === 'host.ask-consent' ? last.payload : undefined} />;
    case 'host.sampling.review':
      return <SamplingReview review={pending.payload} />;
    case 'user.elicitation.answer':
      return <ElicitationAnswer asked={last?.id === 'host.elicitation.ask' ? last.payload : undefined} key={last?.n} />;
    default: {
      const unexpected: never = id;
      throw new Error(`Unknown gate ${String(unexpected)}`);
    }
  }
}
