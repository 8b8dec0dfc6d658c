import { memo } from 'react';
import type { Node, NodeProps } from '@xyflow/react';
import type { Step } from '../../trace/index.ts';
import type { GraphLayout } from './graph-layout.ts';
import { ANSWER_BOX, AnswerText } from '../step-caption.tsx';

export type AnswerNodeData = { answer: string; editBefore: Step | undefined; compact: boolean };
export type AnswerNodeType = Node<AnswerNodeData, 'answer'>;

/** The answer's node where the layout places it (graph-layout.ts, placeAnswer), with the size measured before: React Flow then does not measure it again. */
export function makeAnswerNode({
  answer,
  editBefore,
  layout,
  size,
  position,
}: {
  answer: string;
  editBefore: Step | undefined;
  layout: GraphLayout;
  size: { width: number; height: number } | undefined;
  position: { x: number; y: number };
}): AnswerNodeType {
  return {
    id: 'answer',
    type: 'answer',
    ...(size ? { measured: size } : {}),
    position,
    data: { answer, editBefore, compact: layout === 'narrow' },
    ariaRole: 'group',
    ariaLabel: 'The answer the user got',
    draggable: false,
    selectable: false,
    connectable: false,
  };
}

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
