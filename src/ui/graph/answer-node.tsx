import { memo } from 'react';
import type { Node, NodeProps } from '@xyflow/react';
import type { Step } from '../../trace/trace.ts';
import { ANSWER_BOX, AnswerText } from '../step-caption.tsx';

export type AnswerNodeData = { answer: string; editBefore: Step | undefined; compact: boolean };
export type AnswerNodeType = Node<AnswerNodeData, 'answer'>;

/**
 * The answer beside the User it reaches, placed by the layout where no part is drawn (graph-layout.ts): part of the
 * picture, it is fitted with it and covers nothing. Long, it scrolls in its box (nowheel: the wheel scrolls it, and
 * focusable, so the keyboard does too).
 */
function AnswerNodeView({ data }: NodeProps<AnswerNodeType>) {
  return (
    <p className={`${data.compact ? 'w-40' : 'w-64'} nowheel ${ANSWER_BOX}`} tabIndex={0} data-testid="answer">
      <AnswerText answer={data.answer} editBefore={data.editBefore} shown />
    </p>
  );
}

export const AnswerNode = memo(AnswerNodeView);
