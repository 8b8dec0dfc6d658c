import { memo, useLayoutEffect, useRef } from 'react';
import { BaseEdge, EdgeLabelRenderer, getStraightPath, type Edge, type EdgeProps } from '@xyflow/react';
import type { StepKind } from '../../trace/index.ts';
import { MESSAGE_COLORS } from './message-colors.ts';

export type MessageEdgeData = {
  label: string;
  labelOffset: { x: number; y: number };
  messageOffset: { x: number; y: number };
  /** The message on this edge for the step on show, if any. */
  message?: { key: string; label: string; kind: StepKind; reverse: boolean; animate: boolean };
};

export type MessageEdgeType = Edge<MessageEdgeData, 'message'>;

const TRAVEL_SECONDS = 0.9;
/** The message stops short of the node it reaches, so the node does not hide it. */
const REST_AT = 0.86;

/** Which way the message goes on screen, whatever the edge's drawn direction. */
function travelArrow(dx: number, dy: number, reverse: boolean): string {
  const sign = reverse ? -1 : 1;
  if (Math.abs(dx) >= Math.abs(dy)) return dx * sign >= 0 ? '→' : '←';
  return dy * sign >= 0 ? '↓' : '↑';
}

/** Draws the message travelling along the edge once, then resting where it arrived. */
function MessageEdgeView({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps<MessageEdgeType>) {
  const [path, labelX, labelY] = getStraightPath({ sourceX, sourceY, targetX, targetY });
  const motion = useRef<SVGAnimateMotionElement>(null);
  const message = data?.message;

  useLayoutEffect(() => {
    // A motion element added after the page loaded must be started by hand, or it counts from page load.
    if (message?.animate) motion.current?.beginElement();
  }, [message?.key, message?.animate]);

  const active = Boolean(message);
  const color = message ? MESSAGE_COLORS[message.kind] : '#94a3b8';
  const restFraction = message?.reverse ? 1 - REST_AT : REST_AT;
  const restPoint = { x: sourceX + (targetX - sourceX) * restFraction, y: sourceY + (targetY - sourceY) * restFraction };
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: active ? color : '#94a3b8', strokeWidth: active ? 3 : 1.5 }} />
      {message && (
        <g key={message.key} data-testid="message-in-flight" data-edge={id}>
          <g transform={message.animate ? undefined : `translate(${restPoint.x} ${restPoint.y})`}>
            <circle r={9} fill={color} stroke="white" strokeWidth={2} />
          </g>
          {message.animate && (
            <animateMotion
              ref={motion}
              begin="indefinite"
              dur={`${TRAVEL_SECONDS}s`}
              fill="freeze"
              path={path}
              keyPoints={message.reverse ? `1;${1 - REST_AT}` : `0;${REST_AT}`}
              keyTimes="0;1"
              calcMode="linear"
            />
          )}
        </g>
      )}
      <EdgeLabelRenderer>
        {message && (
          <div
            className="pointer-events-none absolute rounded-full px-2 py-0.5 font-mono text-[11px] font-semibold whitespace-nowrap text-white shadow"
            style={{
              background: color,
              transform: `translate(-50%, -50%) translate(${labelX + (data?.messageOffset.x ?? 0)}px, ${labelY + (data?.messageOffset.y ?? 0)}px)`,
            }}
            data-testid="message-label"
          >
            {message.label} {travelArrow(targetX - sourceX, targetY - sourceY, message.reverse)}
          </div>
        )}
        <div
          className="pointer-events-none absolute rounded bg-white/90 px-1.5 py-0.5 text-[11px] text-slate-500 dark:bg-slate-900/90 dark:text-slate-400"
          style={{ transform: `translate(-50%, -50%) translate(${labelX + (data?.labelOffset.x ?? 0)}px, ${labelY + (data?.labelOffset.y ?? 0)}px)` }}
        >
          {data?.label}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const MessageEdge = memo(MessageEdgeView);
