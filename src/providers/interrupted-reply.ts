import { nameStop } from './reply-stop.ts';
import type { StreamView } from './stream-reader.ts';
import type { ProviderReply, ReplyStop } from './types.ts';
import { getWireStream } from './wire-streams.ts';

/**
 * A reply that did not finish arriving: a stream that stopped before its format's end, or
 * a whole body that stopped before its JSON closed. It is never an answer and never a tool
 * call, whatever had come: the reply the host reads from it has no calls, only the stop,
 * which names the end that is missing and what had come by then.
 */

/** The host's reply for an interrupted one: the text so far (shown as part of a reply, never as the answer), no tool calls. */
export function createInterruptedReply({ stop, text, finishReason }: { stop: ReplyStop; text: string; finishReason: string | null }): ProviderReply {
  return { toolCalls: [], text: text === '' ? null : text, stop, assistantMessage: null, finishReason, model: null };
}

/**
 * Whether a streamed reply stopped short: undefined when its end arrived and the connection
 * held; otherwise the stop, with the end it lacks and what had come (the connection's error
 * when it broke).
 */
export function readStreamCut({
  wire,
  view,
  error,
}: {
  wire: string;
  view: Pick<StreamView, 'ended' | 'frames' | 'text' | 'calls'>;
  error?: string;
}): ReplyStop | undefined {
  if (view.ended && error === undefined) return undefined;
  const end = getWireStream(wire)?.end ?? 'end marker';
  const calls = view.calls.map((call) => ({ name: call.name ?? null, argumentsText: call.argumentsText, complete: call.parsedAtFrame !== null }));
  return nameStop({
    cause: 'stream-cut',
    path: end,
    value: error === undefined ? 'missing' : `missing (the connection broke: ${error})`,
    arrived: { frames: view.frames, text: view.text, calls, ...(error === undefined ? {} : { error }) },
  });
}

const TAIL_LENGTH = 40;

/**
 * Whether a whole body stopped short: the connection broke while it came (`error`), or it
 * ended where its JSON had begun and not closed (an object or array still open, a string
 * unterminated). Undefined for a body that is whole, or that is not JSON at all.
 */
export function readBodyCut({ text, error }: { text: string; error?: string }): ReplyStop | undefined {
  if (error === undefined && !isUnfinishedJson(text)) return undefined;
  const bytes = new TextEncoder().encode(text).byteLength;
  const tail = text.slice(-TAIL_LENGTH);
  return nameStop({
    cause: 'body-cut',
    path: 'the body',
    value: error === undefined ? `stops after ${bytes} bytes, its JSON still open` : `stops after ${bytes} bytes (the connection broke: ${error})`,
    arrived: { bytes, text: '', calls: [], ...(tail === '' ? {} : { tail }), ...(error === undefined ? {} : { error }) },
  });
}

/**
 * A JSON text that began (with `{` or `[`) and stopped before its outermost value closed:
 * a body cut in transit, not a body that is not JSON. Follows strings, escapes and nesting
 * once through the text; a closing bracket with nothing open means it was never JSON.
 */
export function isUnfinishedJson(text: string): boolean {
  const start = text.search(/\S/);
  if (start === -1 || (text[start] !== '{' && text[start] !== '[')) return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return false;
    }
  }
  return depth > 0;
}
