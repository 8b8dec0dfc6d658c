import { describe, expect, it } from 'vitest';
import { OPTIONAL_PARTICIPANTS, PARTICIPANTS, type Participant } from '../../trace/vocabulary.ts';
import { NARROW_NODE_POSITIONS, NODE_POSITIONS, placeAnswer, type GraphLayout } from './graph-layout.ts';

/** Every set of parts a run can draw: the fixed ones with any of the optional ones. */
function listDrawnSets(): Participant[][] {
  const fixed = PARTICIPANTS.filter((participant) => !OPTIONAL_PARTICIPANTS.includes(participant));
  return Array.from({ length: 2 ** OPTIONAL_PARTICIPANTS.length }, (_, mask) => [
    ...fixed,
    ...OPTIONAL_PARTICIPANTS.filter((_, bit) => (mask & (1 << bit)) !== 0),
  ]);
}

const POSITIONS: Record<GraphLayout, Record<Participant, { x: number; y: number }>> = { wide: NODE_POSITIONS, narrow: NARROW_NODE_POSITIONS };

describe('placeAnswer', () => {
  it.each(['wide', 'narrow'] as const)('puts the answer where no drawn part is, in the %s layout, whichever optional parts a run draws', (layout) => {
    for (const drawn of listDrawnSets()) {
      const answer = placeAnswer({ layout, drawn });
      const taken = drawn.filter((participant) => POSITIONS[layout][participant].x === answer.x && POSITIONS[layout][participant].y === answer.y);
      expect(taken, `${layout} with ${drawn.join(', ')}`).toEqual([]);
    }
  });

  it.each(['wide', 'narrow'] as const)('gives every part its own place in the %s layout', (layout) => {
    const places = PARTICIPANTS.map((participant) => `${POSITIONS[layout][participant].x},${POSITIONS[layout][participant].y}`);
    expect(new Set(places).size).toBe(PARTICIPANTS.length);
  });
});
