import { useCallback, useMemo, useState } from 'react';
import type { NodeChange } from '@xyflow/react';
import { OPTIONAL_PARTICIPANTS, PARTICIPANTS, PARTICIPANT_LABELS, type Participant } from '../../trace/index.ts';
import type { Step } from '../../trace/index.ts';
import { selectShownAnswer, useExplorerStore } from '../../store/index.ts';
import { selectEditBefore } from '../edit/edit-credit.ts';
import { makeAnswerNode, type AnswerNodeType } from './answer-node.tsx';
import { NARROW_NODE_POSITIONS, NODE_POSITIONS, NODE_SUBTITLES, SLIM_NODES, placeAnswer, type GraphLayout } from './graph-layout.ts';
import type { ParticipantNodeType, ParticipantRole } from './participant-node.tsx';

/**
 * The graph's nodes for the step on show: the participants in use, each in its role at this
 * step, and the answer once there is one.
 */

/**
 * One object per node look, kept for the page's life (a few dozen at most): React Flow
 * compares them by identity, so the parts a step does not touch keep their objects and
 * are not rendered again.
 */
const nodeObjects = new Map<string, ParticipantNodeType>();

function findNodeObject(signature: string, create: () => ParticipantNodeType): ParticipantNodeType {
  const known = nodeObjects.get(signature);
  if (known) return known;
  // Sizes change with presenter mode and the window: never let the cache grow without bound.
  if (nodeObjects.size > 200) nodeObjects.clear();
  const created = create();
  nodeObjects.set(signature, created);
  return created;
}

/** What a participant does at this step; when nothing was sent, the sender is where it failed. */
function findParticipantRole({ step, participant, sentNothing }: { step: Step | undefined; participant: Participant; sentNothing: boolean }): ParticipantRole {
  if (!step) return 'idle';
  if (sentNothing) return participant === step.from ? 'failed' : 'idle';
  if (step.from === participant && step.to === participant) return 'working';
  if (step.from === participant) return 'sender';
  if (step.to === participant) return 'receiver';
  return 'idle';
}

/** Parts only some runs have (the stdio bridge), for the run on screen: drawn only once a step names them. */
export const selectOptionalParticipants = (state: { steps: { from: Participant; to: Participant }[] }) =>
  OPTIONAL_PARTICIPANTS.filter((participant) => state.steps.some((step) => step.from === participant || step.to === participant)).join(',');

const selectModelName = (state: { modelName: string | null }) => state.modelName;
const selectProtocolVersion = (state: { protocolVersion: string | null }) => state.protocolVersion;

export type NodeSizes = Partial<Record<string, { width: number; height: number }>>;

/** React Flow measures a node it has no size for, forcing a layout: a new node object carries the size measured before, kept here by layout and node. */
export function useMeasuredSizes(layout: GraphLayout) {
  const [sizes, setSizes] = useState<NodeSizes>({});
  const onNodesChange = useCallback(
    (changes: NodeChange<ParticipantNodeType | AnswerNodeType>[]) => {
      const measured = changes.filter((change) => change.type === 'dimensions' && change.dimensions !== undefined);
      if (measured.length === 0) return;
      setSizes((current) => {
        const next = { ...current };
        for (const change of measured) if (change.type === 'dimensions' && change.dimensions) next[`${layout}|${change.id}`] = change.dimensions;
        return next;
      });
    },
    [layout],
  );
  return { sizes, onNodesChange };
}

export function useGraphNodes({
  step,
  sentNothing,
  layout,
  sizes,
  optionalInUse,
}: {
  step: Step | undefined;
  sentNothing: boolean;
  layout: GraphLayout;
  sizes: NodeSizes;
  optionalInUse: string;
}) {
  const modelName = useExplorerStore(selectModelName);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  const answer = useExplorerStore(selectShownAnswer);
  const editBefore = useExplorerStore(selectEditBefore);
  return useMemo<(ParticipantNodeType | AnswerNodeType)[]>(() => {
    const details: Partial<Record<Participant, string>> = {
      llm: modelName ?? undefined,
      client: protocolVersion ? `protocol ${protocolVersion}` : undefined,
    };
    const drawn = PARTICIPANTS.filter((participant) => !OPTIONAL_PARTICIPANTS.includes(participant) || optionalInUse.split(',').includes(participant));
    const participants = drawn.map((participant) => {
      const role = findParticipantRole({ step, participant, sentNothing });
      // The same object for a node whose role and detail did not change: React Flow then leaves it alone.
      const size = sizes[`${layout}|${participant}`];
      const compact = layout === 'narrow';
      return findNodeObject(`${participant}|${role}|${details[participant] ?? ''}|${layout}|${size ? `${size.width}x${size.height}` : 'unmeasured'}`, () => ({
        id: participant,
        ...(size ? { measured: size } : {}),
        type: 'participant',
        position: (compact ? NARROW_NODE_POSITIONS : NODE_POSITIONS)[participant],
        data: {
          label: PARTICIPANT_LABELS[participant],
          subtitle: NODE_SUBTITLES[participant],
          detail: details[participant],
          role,
          compact,
          slim: SLIM_NODES.includes(participant),
        },
        // Read as part of the figure, not a Tab stop: the graph shows the step, the controls and the timeline move it.
        ariaRole: 'group',
        ariaLabel: `${PARTICIPANT_LABELS[participant]}${role === 'idle' ? '' : `, ${role === 'working' ? 'working' : role}`}`,
        draggable: false,
        selectable: false,
        connectable: false,
      }));
    });
    return answer === null
      ? participants
      : [...participants, makeAnswerNode({ answer, editBefore, layout, size: sizes[`${layout}|answer`], position: placeAnswer({ layout, drawn }) })];
  }, [step, modelName, protocolVersion, sizes, layout, sentNothing, optionalInUse, answer, editBefore]);
}
