import { useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { useLoadedModule } from '../use-loaded-module.ts';
import { isAnswerGate, type AnswerGate } from './answer-gates.ts';

const selectGate = (state: ExplorerState) =>
  state.cursor === state.steps.length - 1 && state.source.kind === 'live' && state.pending?.editable && isAnswerGate(state.pending.id) ? state.pending : null;
const loadGateAnswerPanel = () => import('./gate-answer-panel.tsx');
const selectLastStep = (state: ExplorerState) => state.steps.at(-1);

/**
 * The user's part at a gate, with controls instead of JSON: Allow or Deny a destructive
 * tool, Approve or Decline a server's sampling request, fill in (or decline) a server's
 * form. Each button releases the gate with the answer the engine reads; "Edit before
 * sending" stays for anyone who wants to send something else. The panels are fetched at
 * the first such gate: the first page does without them (and without zod, which they read
 * the server's request with), and by then the engine has loaded.
 */
export function GateAnswer() {
  const pending = useExplorerStore(selectGate);
  const last = useExplorerStore(selectLastStep);
  if (!pending) return null;
  const id: AnswerGate = isAnswerGate(pending.id) ? pending.id : 'user.consent';
  return <LoadedGateAnswer id={id} pending={pending} last={last} />;
}

function LoadedGateAnswer(props: Parameters<typeof import('./gate-answer-panel.tsx').GateAnswerPanel>[0]) {
  const panel = useLoadedModule(loadGateAnswerPanel);
  switch (panel.status) {
    case 'loaded':
      return <panel.module.GateAnswerPanel {...props} />;
    case 'loading':
      return null;
    case 'failed':
      return (
        <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">
          The answer panel could not be loaded ({panel.message}): use "Edit before sending" to answer, or check that the server is still running and reload the
          page.
        </p>
      );
    default: {
      const unknown: never = panel;
      return unknown;
    }
  }
}
