import { useEffect, useMemo, useState } from 'react';
import { createStreamReplay } from '../../providers/index.ts';
import type { StreamedCall } from '../../providers/index.ts';
import type { SseFrame, Step } from '../../trace/index.ts';
import { useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { LongText } from '../json/long-text-notice.tsx';

/**
 * A streamed reply played back frame by frame: the frames as they arrived, and what the
 * host held after each one (the text so far, each call's arguments buffer, the frame where
 * it first parsed as JSON). Formats that stream calls whole show the contrast: the call is
 * there, parsed, the moment its frame arrives.
 */

const selectIntervalMs = (state: ExplorerState) => state.preferences.intervalMs;

/** Frames play ten times faster than steps: a reply of a few dozen frames then takes about as long as a few steps. */
const FRAMES_PER_STEP_INTERVAL = 10;

/** The frames of a step's reply: SSE events or NDJSON lines. */
export function readStepFrames(step: Step): SseFrame[] {
  return step.http?.sse ?? step.http?.ndjson ?? [];
}

const button =
  'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

function CallBuffer({ call, shown }: { call: StreamedCall; shown: number }) {
  const parsed = call.parsedAtFrame !== null;
  const status =
    call.arrival === 'whole'
      ? `arrived whole in frame ${call.firstFrame + 1}: nothing to put together, it parses at once`
      : parsed
        ? `parses as JSON since frame ${call.parsedAtFrame! + 1}, after ${call.fragments} pieces`
        : `${call.fragments} pieces so far: not yet JSON`;
  return (
    <li className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid="stream-call" data-parsed={parsed} data-arrival={call.arrival}>
      <p className="text-xs">
        <span className="font-semibold">{call.name ?? '(name not yet received)'}</span>
        {call.id && <span className="text-slate-500"> · {call.id}</span>}
      </p>
      <pre
        className={`mt-1 rounded p-2 font-mono text-xs break-all whitespace-pre-wrap ${parsed ? 'bg-emerald-50 dark:bg-emerald-950' : 'bg-amber-50 dark:bg-amber-950'}`}
        data-testid="stream-call-buffer"
      >
        {call.argumentsText === '' ? '(empty)' : <LongText text={call.argumentsText} />}
      </pre>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="stream-call-status">
        {status}
        {shown > 0 && call.parsedAtFrame === shown - 1 && call.arrival === 'fragments' ? ' — it parsed with this frame.' : ''}
      </p>
    </li>
  );
}

/** Start, Previous, Next, End and Play, and where the playback stands. */
function FrameControls({
  shown,
  total,
  playing,
  onMove,
  onPlay,
  framing,
  ended,
  finishReason,
}: {
  shown: number;
  total: number;
  playing: boolean;
  onMove: (count: number) => void;
  onPlay: () => void;
  framing: string;
  ended: boolean;
  finishReason: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={button} onClick={() => onMove(0)} disabled={shown === 0}>
        Start
      </button>
      <button type="button" className={button} onClick={() => onMove(shown - 1)} disabled={shown === 0}>
        Previous frame
      </button>
      <button type="button" className={button} onClick={() => onMove(shown + 1)} disabled={shown >= total} data-testid="stream-next-frame">
        Next frame
      </button>
      <button type="button" className={button} onClick={() => onMove(total)} disabled={shown >= total} data-testid="stream-end">
        End of the reply
      </button>
      <button type="button" className={button} onClick={onPlay} data-testid="stream-play">
        {playing ? 'Pause' : 'Play frames'}
      </button>
      <span className="text-xs text-slate-500" data-testid="stream-frame-count">
        frame {shown} of {total} ({framing}){ended ? ' · end of the reply' : shown === total ? ' · the stream stopped here, before the reply’s end' : ''}
        {finishReason ? ` · finish: ${finishReason}` : ''}
      </span>
    </div>
  );
}

/** The frame the playback stands on, as it came over the wire. */
function CurrentFrame({ frame, shown }: { frame: SseFrame; shown: number }) {
  return (
    <div>
      <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">
        Frame {shown}, +{Math.round(frame.at)} ms
      </h5>
      {/* Focusable and named: a long frame (Gemini's whole chunks) scrolls here, and a keyboard must reach it to scroll it. */}
      <pre
        className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-slate-900"
        data-testid="stream-current-frame"
        tabIndex={0}
        role="region"
        aria-label={`Frame ${shown} (scrollable)`}
      >
        {frame.event ? `event: ${frame.event}\n` : ''}
        <LongText text={frame.data} />
      </pre>
    </div>
  );
}

export function StreamPlayback({ step, wire }: { step: Step; wire: string }) {
  const frames = readStepFrames(step);
  const intervalMs = useExplorerStore(selectIntervalMs);
  // null follows the newest frame, so a reply still arriving grows on screen; a number is where the learner moved.
  const [cursor, setCursor] = useState<number | null>(null);
  const [playRequested, setPlayRequested] = useState(false);
  const replay = useMemo(() => createStreamReplay({ wire }), [wire]);
  const shown = Math.min(cursor ?? frames.length, frames.length);
  const playing = playRequested && shown < frames.length;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setCursor(shown + 1), intervalMs / FRAMES_PER_STEP_INTERVAL);
    return () => clearTimeout(timer);
  }, [playing, shown, intervalMs]);
  if (!replay) return null;
  const { view, error } = replay.viewAt({ frames, count: shown });
  const move = (count: number) => {
    const next = Math.max(0, Math.min(frames.length, count));
    setPlayRequested(false);
    setCursor(next === frames.length ? null : next);
  };
  const togglePlay = () => {
    if (playing) return setPlayRequested(false);
    setCursor(shown >= frames.length ? 0 : shown);
    setPlayRequested(true);
  };
  const framing = step.http?.sse ? 'server-sent events' : 'NDJSON lines';
  return (
    <div className="space-y-3 text-sm" data-testid="stream-playback" data-shown={shown} data-total={frames.length}>
      <FrameControls
        shown={shown}
        total={frames.length}
        playing={playing}
        onMove={move}
        onPlay={togglePlay}
        framing={framing}
        ended={view.ended}
        finishReason={view.finishReason}
      />
      {error && <p className="text-xs text-red-700 dark:text-red-300">{error}</p>}
      {view.calls.length > 0 && (
        <div>
          <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">Tool calls as the host holds them</h5>
          <ul className="mt-1 space-y-2">
            {view.calls.map((call) => (
              <CallBuffer key={call.index} call={call} shown={shown} />
            ))}
          </ul>
        </div>
      )}
      {view.text !== '' && (
        <div>
          <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">Text so far</h5>
          <p className="mt-1 whitespace-pre-wrap" data-testid="stream-text">
            <LongText text={view.text} />
          </p>
        </div>
      )}
      {shown > 0 && <CurrentFrame frame={frames[shown - 1]!} shown={shown} />}
    </div>
  );
}
