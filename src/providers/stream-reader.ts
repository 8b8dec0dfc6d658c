import { ProviderReplyError } from './types.ts';

/**
 * What every streamed-reply reader shares. A reader takes the frames of one reply in the
 * order they arrived (an SSE event's data, or an NDJSON line) and can say, after any
 * frame, what the host has so far: the text, each tool call with its arguments as far as
 * they came, whether they parse yet, and the finish reason. At the end it gives back the
 * reply in the shape the provider sends when it does not stream, so the whole-reply reader
 * and translation #2 read a streamed reply exactly as they read a whole one.
 */

/** One frame as it crossed: an SSE event (its `event:` name, when it had one) or one NDJSON line. */
export type StreamFrame = { data: string; event?: string };

/** How a format delivers a tool call: in pieces of a JSON string, or whole in one frame. */
export type CallArrival = 'fragments' | 'whole';

export type StreamedCall = {
  /** Where the call sits in the reply (OpenAI's index, Anthropic's block index, Responses' output_index, or the order it came in). */
  index: number;
  id?: string;
  name?: string;
  arrival: CallArrival;
  /** The arguments text received so far; for a call that came whole, its arguments as JSON text. */
  argumentsText: string;
  /** How many frames carried a piece of the arguments. */
  fragments: number;
  /** The frame (0-based) where the call began. */
  firstFrame: number;
  /** The frame (0-based) after which the arguments first parsed as JSON, or null while they do not. */
  parsedAtFrame: number | null;
};

export type StreamView = {
  /** Frames read so far. */
  frames: number;
  text: string;
  calls: StreamedCall[];
  finishReason: string | null;
  /** What says the reply is over arrived (a `finish_reason`, `message_stop`, `response.completed`, `done: true`…): without it the reply did not finish. */
  ended: boolean;
};

export type StreamReader = {
  /** Reads the next frame; throws a ProviderReplyError when it is not what the format sends. */
  feed(frame: StreamFrame): void;
  /** What the host holds after the frames so far (a copy: later frames do not change it). */
  view(): StreamView;
  /** The reply as the provider sends it whole, reassembled from the frames. */
  assemble(): unknown;
};

/**
 * Tells, fragment by fragment, when a JSON text is complete, without parsing it again after
 * every fragment (which would cost the whole buffer each time): it follows strings, escapes
 * and nesting, and tries JSON.parse only when the outermost value has closed.
 */
export function createJsonCompletionWatcher(): { push(fragment: string): boolean } {
  let text = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let complete = false;
  return {
    push(fragment) {
      text += fragment;
      if (complete) return isJson(text);
      let closedAtTop = false;
      for (const char of fragment) {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === '\\') escaped = true;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === '{' || char === '[') {
          depth++;
          started = true;
        } else if (char === '}' || char === ']') {
          depth--;
          if (depth === 0) closedAtTop = true;
        }
      }
      if (!started || depth !== 0 || inString || !closedAtTop) return false;
      complete = isJson(text);
      return complete;
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The calls of one reply as they come, by index: the book-keeping every reader shares. */
export class StreamedCalls {
  private readonly calls = new Map<number, StreamedCall & { watcher: ReturnType<typeof createJsonCompletionWatcher> }>();

  /**
   * A call begins (or, for a call that came whole, arrives) at `frame`. A later piece that
   * names it again changes the id or name only with a value: some compatible servers repeat
   * `"id": ""` and `"name": ""` in every piece, which the OpenAI SDK passes over too.
   */
  open({ index, frame, arrival, id, name }: { index: number; frame: number; arrival: CallArrival; id?: string; name?: string }): void {
    const existing = this.calls.get(index);
    if (existing) {
      if (id) existing.id = id;
      if (name) existing.name = name;
      return;
    }
    this.calls.set(index, {
      index,
      id,
      name,
      arrival,
      argumentsText: '',
      fragments: 0,
      firstFrame: frame,
      parsedAtFrame: null,
      watcher: createJsonCompletionWatcher(),
    });
  }

  /** Appends a piece of the arguments of the call at `index` (opened first if the format skipped that). */
  append({ index, frame, fragment }: { index: number; frame: number; fragment: string }): void {
    if (!this.calls.has(index)) this.open({ index, frame, arrival: 'fragments' });
    const call = this.calls.get(index)!;
    if (fragment === '') return;
    call.argumentsText += fragment;
    call.fragments++;
    if (call.watcher.push(fragment) && call.parsedAtFrame === null) call.parsedAtFrame = frame;
  }

  /** The provider restates the whole arguments (Responses' `.done`): the buffer becomes exactly that. */
  settle({ index, frame, argumentsText }: { index: number; frame: number; argumentsText: string }): void {
    const call = this.calls.get(index);
    if (!call || call.argumentsText === argumentsText) return;
    call.argumentsText = '';
    call.watcher = createJsonCompletionWatcher();
    call.parsedAtFrame = null;
    this.append({ index, frame, fragment: argumentsText });
  }

  get(index: number): StreamedCall | undefined {
    return this.calls.get(index);
  }

  list(): StreamedCall[] {
    return [...this.calls.values()].sort((a, b) => a.index - b.index).map(({ watcher: _watcher, ...call }) => ({ ...call }));
  }
}

/** Reads a frame's data as JSON, or says which frame was not. */
export function parseFrameJson({ frame, position, what }: { frame: StreamFrame; position: number; what: string }): unknown {
  try {
    return JSON.parse(frame.data);
  } catch {
    throw new ProviderReplyError(`Frame ${position + 1} of the stream is not ${what}: it is not JSON (it begins “${frame.data.slice(0, 60)}”).`);
  }
}
