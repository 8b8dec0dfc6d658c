import type { Step } from '../trace/index.ts';
import { OPTIONAL_PARTICIPANTS, PARTICIPANTS, type Participant } from '../trace/index.ts';

/**
 * One layout and one palette for every picture of a run's sequence: the page's sequence view
 * (src/ui/sequence/sequence-diagram.tsx), the SVG export and the PNG drawn from it, and the
 * Mermaid text. A picture on a slide then has the page's columns, in the page's order, and
 * its colours; before, the SVG put the LLM second and Mermaid dropped a column the run did not use.
 */

/** Pixels: a column's width, the first lifeline's distance from the left, the header's height, a row's height. */
export const SEQUENCE_GEOMETRY = { column: 170, left: 90, header: 56, row: 40 } as const;

/** An arrow's colour by what the step is. */
export const KIND_COLORS: Record<Step['kind'], string> = {
  request: '#0284c7',
  response: '#059669',
  notification: '#d97706',
  internal: '#7c3aed',
  fault: '#dc2626',
};

/** An arrow that is not the current one (the page's view). */
export const IDLE_COLOR = '#94a3b8';
/** A message the learner edited before it left: fuchsia, as the page's "edited by you" badges. */
export const EDITED_COLOR = '#a21caf';
export const EDITED_MARK = 'edited by you';

/**
 * The columns, in the graph's order (PARTICIPANTS: User, Host, MCP Client, MCP Server, LLM): the five usual parts
 * always, so they stay put from run to run; the bridge, the authorization server and a tool's view (App), last, only when the run uses them.
 */
export function listSequenceColumns(steps: readonly Step[]): Participant[] {
  return PARTICIPANTS.filter(
    (participant) => !OPTIONAL_PARTICIPANTS.includes(participant) || steps.some((step) => step.from === participant || step.to === participant),
  );
}

/** A step's label with the mark of an edited message, where the step carries what the host had written. */
export function markEdited(step: Step, label: string): string {
  return step.edited ? `${label} (${EDITED_MARK})` : label;
}
