import { memo, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Step } from '../../trace/index.ts';
import { PARTICIPANT_LABELS, PARTICIPANTS, type Participant } from '../../trace/index.ts';
import { EDITED_MARK, IDLE_COLOR, KIND_COLORS, SEQUENCE_GEOMETRY, listSequenceColumns } from '../../export/index.ts';
import { goToStep, useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { describeMessage, isInTabStep } from '../graph/graph-layout.ts';
import { formatStepNumber } from '../step-format.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';

/**
 * The same trace as a sequence diagram: one lifeline per part, one arrow per step,
 * read top to bottom. The columns follow the graph's order (PARTICIPANTS: User, Host,
 * MCP Client, MCP Server, LLM), so a learner who switches views finds each part in the
 * same place in the list; the bridge, the authorization server and a tool's view (App) come
 * last, drawn only when a run uses them.
 */
const ORDER: Participant[] = [...PARTICIPANTS];
// Shared with the SVG, PNG and Mermaid exports (src/export/sequence-layout.ts): the pictures have this view's columns and colours.
const { column: COLUMN, left: LEFT, header: HEADER, row: ROW } = SEQUENCE_GEOMETRY;

const x = (participant: Participant) => LEFT + ORDER.indexOf(participant) * COLUMN;

const selectSteps = (state: ExplorerState) => state.steps;
const selectCursor = (state: ExplorerState) => state.cursor;

type ArrowProps = { step: Step; index: number; animate: boolean };

/** Each arrow watches only whether it is the current one, so a step change re-renders two arrows, not all of them. */
const Arrow = memo(function Arrow({ step, index, animate }: ArrowProps) {
  const current = useExplorerStore((state) => state.cursor === index);
  const y = HEADER + index * ROW + ROW / 2 + 8;
  const color = current ? KIND_COLORS[step.kind] : IDLE_COLOR;
  const from = x(step.from);
  const to = x(step.to);
  const self = step.from === step.to;
  const path = self ? `M ${from} ${y - 8} h 36 v 16 h -36` : `M ${from} ${y} L ${to} ${y}`;
  const motion = useRef<SVGAnimateMotionElement>(null);
  useLayoutEffect(() => {
    if (current && animate) motion.current?.beginElement();
  }, [current, animate]);
  const labelX = self ? from + 44 : (from + to) / 2;
  const number = formatStepNumber(step);
  return (
    <g onClick={() => goToStep(index)} className="cursor-pointer" data-testid="sequence-step" data-step-id={step.id} data-current={current || undefined}>
      <rect x={0} y={y - ROW / 2 + 2} width={LEFT + ORDER.length * COLUMN} height={ROW - 4} fill={current ? 'rgba(148,163,184,0.18)' : 'transparent'} />
      {/* A dashed arrow: the model in the tab, reached by no network. */}
      <path
        d={path}
        fill="none"
        stroke={color}
        strokeWidth={current ? 2.5 : 1.5}
        strokeDasharray={isInTabStep(step) ? '6 3' : undefined}
        markerEnd={`url(#arrow-${current ? step.kind : 'idle'})`}
      />
      <text
        x={labelX}
        y={self ? y + 4 : y - 6}
        textAnchor={self ? 'start' : 'middle'}
        className={`text-[11px] ${current ? 'fill-slate-900 font-semibold dark:fill-slate-50' : 'fill-slate-600 dark:fill-slate-300'}`}
      >
        {number === '·' ? '' : `${number}  `}
        {describeMessage(step)}
        {step.edited && (
          // The theme's fuchsia (EDITED_COLOR in the exports' white ground), readable on a dark one too.
          <tspan className="fill-fuchsia-800 font-semibold dark:fill-fuchsia-300" data-testid="sequence-edited">
            {` (${EDITED_MARK})`}
          </tspan>
        )}
      </text>
      {current && (
        <circle r={6} fill={color} stroke="white" strokeWidth={1.5} cx={animate ? 0 : to} cy={animate ? 0 : y}>
          {animate && <animateMotion ref={motion} begin="indefinite" dur="0.8s" fill="freeze" path={path} />}
        </circle>
      )}
    </g>
  );
});

/** Scrolls the current arrow into view when the cursor moves; its own component, so the diagram itself does not re-render. */
function KeepCurrentInView({ container, height }: { container: RefObject<HTMLDivElement | null>; height: number }) {
  const cursor = useExplorerStore(selectCursor);
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    const box = container.current;
    if (!box || cursor < 0) return;
    const rowTop = ((HEADER + cursor * ROW) / height) * box.scrollHeight;
    if (rowTop < box.scrollTop + 40 || rowTop > box.scrollTop + box.clientHeight - 60) {
      box.scrollTo({ top: Math.max(0, rowTop - box.clientHeight / 2), behavior: reducedMotion ? 'auto' : 'smooth' });
    }
  }, [container, cursor, height, reducedMotion]);
  return null;
}

export function SequenceDiagram() {
  const steps = useExplorerStore(selectSteps);
  const reducedMotion = useReducedMotion();
  const container = useRef<HTMLDivElement>(null);
  const height = HEADER + Math.max(steps.length, 1) * ROW + 24;
  // A part only some runs have (the stdio bridge) gets its lifeline only when a step names it.
  const columns = listSequenceColumns(steps);
  const width = LEFT + (columns.length - 1) * COLUMN + LEFT;

  return (
    // Focusable, so a keyboard user can scroll the diagram too.
    <div
      ref={container}
      className="h-full overflow-auto focus-visible:-outline-offset-2"
      data-testid="sequence-diagram"
      tabIndex={0}
      role="region"
      aria-label="Sequence diagram (scrollable)"
    >
      {/* The participants' headers are a strip of their own, sticky at the top: a long run scrolls under them, never away from them. */}
      <svg
        viewBox={`0 0 ${width} ${HEADER}`}
        className="sticky top-0 z-10 w-full min-w-[640px] bg-white/95 dark:bg-slate-900/95"
        aria-hidden="true"
        data-testid="sequence-headers"
      >
        {columns.map((participant) => (
          <g key={participant}>
            <rect
              x={x(participant) - 62}
              y={8}
              width={124}
              height={32}
              rx={8}
              className="fill-white stroke-slate-300 dark:fill-slate-800 dark:stroke-slate-600"
            />
            <text x={x(participant)} y={29} textAnchor="middle" className="fill-slate-900 text-[13px] font-semibold dark:fill-slate-100">
              {PARTICIPANT_LABELS[participant]}
            </text>
          </g>
        ))}
      </svg>
      <svg
        viewBox={`0 ${HEADER} ${width} ${height - HEADER}`}
        className="w-full min-w-[640px]"
        role="img"
        aria-label={`Sequence diagram of ${steps.length} recorded steps between ${columns.map((participant) => PARTICIPANT_LABELS[participant]).join(', ')}. The timeline lists the same steps.`}
      >
        <defs>
          {(['idle', ...Object.keys(KIND_COLORS)] as const).map((kind) => (
            <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={kind === 'idle' ? IDLE_COLOR : KIND_COLORS[kind as Step['kind']]} />
            </marker>
          ))}
        </defs>
        {columns.map((participant) => (
          <line key={participant} x1={x(participant)} x2={x(participant)} y1={HEADER} y2={height - 8} stroke="#cbd5e1" strokeDasharray="4 4" />
        ))}
        {steps.map((step, index) => (
          <Arrow key={step.n} step={step} index={index} animate={!reducedMotion} />
        ))}
        {steps.length === 0 && (
          <text x={width / 2} y={HEADER + 30} textAnchor="middle" className="fill-slate-500 text-[13px]">
            Press Next: each real message will appear here as an arrow.
          </text>
        )}
      </svg>
      <KeepCurrentInView container={container} height={height} />
    </div>
  );
}
