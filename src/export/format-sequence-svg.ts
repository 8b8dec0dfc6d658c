import { escapeMarkup, PARTICIPANT_LABELS, type Participant } from '../trace/index.ts';
import type { FieldChange, Step, Trace, Warning } from '../trace/index.ts';
import { describeStep, numberStep } from './describe-step.ts';
import { EDITED_COLOR, EDITED_MARK, KIND_COLORS, SEQUENCE_GEOMETRY, listSequenceColumns } from './sequence-layout.ts';

/**
 * The sequence view as a standalone SVG file, for slides: the view's columns, rows and
 * colours, drawn with attributes only (the page's CSS classes do not travel with a file),
 * on a white ground so it reads on any slide background.
 */

const { column: COLUMN, left: LEFT, header: HEADER, row: ROW } = SEQUENCE_GEOMETRY;
const MAX_LABEL_LENGTH = 60;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/**
 * Text for an XML text node or attribute: control characters (which XML 1.0 forbids, and
 * a server may send) become spaces, the five markup characters are entities, the length is bounded.
 */
export function escapeSvgText(text: string, maxLength = MAX_LABEL_LENGTH): string {
  const flat = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\uFFFE\uFFFF]+/gu, ' ')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...flat];
  const bounded = characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('')}…` : flat;
  return escapeMarkup(bounded);
}

function drawStep({ step, index, columnX }: { step: Step; index: number; columnX: (participant: Participant) => number }): string {
  const y = HEADER + index * ROW + ROW / 2 + 8;
  const from = columnX(step.from);
  const to = columnX(step.to);
  const self = step.from === step.to;
  const color = KIND_COLORS[step.kind];
  const path = self ? `M ${from} ${y - 8} h 36 v 16 h -36` : `M ${from} ${y} L ${to} ${y}`;
  // The mark is kept whole: a long label is cut before it, not through it.
  const described = numberStep(step, describeStep(step));
  const label = step.edited ? `${escapeSvgText(described, MAX_LABEL_LENGTH - EDITED_MARK.length - 3)} (${EDITED_MARK})` : escapeSvgText(described);
  const edited = step.edited ? ` fill="${EDITED_COLOR}" font-weight="600"` : '';
  const text = self
    ? `<text x="${from + 44}" y="${y + 4}" text-anchor="start"${edited}>${label}</text>`
    : `<text x="${(from + to) / 2}" y="${y - 6}" text-anchor="middle"${edited}>${label}</text>`;
  return `  <g data-step-id="${escapeSvgText(step.id, 200)}"${step.edited ? ' data-edited="true"' : ''}><path d="${path}" fill="none" stroke="${color}" stroke-width="1.5" marker-end="url(#arrow-${step.kind})"/>${text}</g>`;
}

/** The run's sequence diagram as an SVG document, its size in pixels given as width and height. */
export function formatSequenceSvg({ trace }: { trace: Trace }): { result: string; width: number; height: number; warnings: Warning[]; changes: FieldChange[] } {
  const columns = listSequenceColumns(trace.steps);
  const columnX = (participant: Participant) => LEFT + Math.max(0, columns.indexOf(participant)) * COLUMN;
  const width = LEFT + (columns.length - 1) * COLUMN + LEFT;
  const height = HEADER + Math.max(trace.steps.length, 1) * ROW + 24;
  const markers = (Object.keys(KIND_COLORS) as Step['kind'][]).map(
    (kind) =>
      `    <marker id="arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${KIND_COLORS[kind]}"/></marker>`,
  );
  const lifelines = columns.map((participant) => {
    const center = columnX(participant);
    return [
      `  <line x1="${center}" x2="${center}" y1="${HEADER - 10}" y2="${height - 8}" stroke="#cbd5e1" stroke-dasharray="4 4"/>`,
      `  <rect x="${center - 62}" y="8" width="124" height="32" rx="8" fill="#ffffff" stroke="#cbd5e1"/>`,
      `  <text x="${center}" y="29" text-anchor="middle" font-size="13" font-weight="600" fill="#0f172a" data-participant="${participant}">${escapeSvgText(PARTICIPANT_LABELS[participant])}</text>`,
    ].join('\n');
  });
  const title = escapeSvgText(`Sequence diagram: ${trace.question}`, 200);
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="11" fill="#334155">`,
    `  <title>${title}</title>`,
    `  <rect width="${width}" height="${height}" fill="#ffffff"/>`,
    '  <defs>',
    ...markers,
    '  </defs>',
    ...lifelines,
    ...trace.steps.map((step, index) => drawStep({ step, index, columnX })),
    '</svg>',
  ];
  const warnings: Warning[] = trace.steps.length === 0 ? [{ code: 'no-steps', message: 'The trace has no steps: the picture has no arrows.' }] : [];
  const changes: FieldChange[] = [
    { kind: 'dropped', from: 'steps[].payload', note: 'a picture shows who sent what to whom; the messages themselves are in the trace and the HAR export' },
  ];
  return { result: `${lines.join('\n')}\n`, width, height, warnings, changes };
}
