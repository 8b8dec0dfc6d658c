import type { ReactNode } from 'react';
import { answerAtGate } from '../../store/index.ts';
import { GATE_ACTIONS, PRIMARY, SECONDARY } from './gate-panel.tsx';

export type GateChoice = { label: ReactNode; answer: unknown };

/**
 * A gate's answers as a row of buttons at the panel's foot, the one the host proposes first
 * (drawn as the primary button). Each press sends its answer to the waiting run.
 */
export function GateChoices({ choices }: { choices: readonly GateChoice[] }) {
  return (
    <div className="flex gap-2" {...GATE_ACTIONS}>
      {choices.map((choice, index) => (
        <button key={index} type="button" className={index === 0 ? PRIMARY : SECONDARY} onClick={() => answerAtGate(choice.answer)}>
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/** The arguments a call would be made with, as JSON, and what the gate adds about where they came from. */
export function CallArguments({ args, children }: { args: unknown; children?: ReactNode }) {
  return (
    <p>
      With the arguments <code className="font-mono">{JSON.stringify(args)}</code>
      {children}
    </p>
  );
}
