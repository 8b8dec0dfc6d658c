/**
 * The bounds of one recorded exchange. A server (or provider) that answers forever, with
 * progress, pings or one endless body, would otherwise keep the host waiting and growing
 * for good: past a bound the recorder stops reading, aborts the request, and says which
 * bound it was, so the host can explain the fault in the server's terms.
 */

export type ExchangeLimits = {
  /** From the moment the request leaves (never the learner's pause before it) to the end of its answer. */
  totalMs?: number;
  /** Silence allowed in a streamed answer once its headers came: before its first piece and between two. */
  idleMs?: number;
  /** Event-stream frames in one answer. */
  maxFrames?: number;
  /** Bytes of one answer's body, as received. */
  maxBytes?: number;
  /** Levels of JSON nesting in one body or frame: deeper data overflows the stack of every recursive reader (the SDK's validation among them). */
  maxDepth?: number;
};

type BoundKind = 'time' | 'idle' | 'frames' | 'bytes' | 'depth';

/** An exchange over one of its bounds: which, the bound, and how far it had come. */
export type BoundStop = { [Kind in BoundKind]: { kind: Kind; limit: number; elapsedMs: number; frames: number; bytes: number } }[BoundKind];

/** A redirect the recorder does not follow: where it points (unknown in a browser) and whether that is the same origin. */
export type RedirectStop = {
  kind: 'redirect';
  status: number;
  location: string | undefined;
  sameOrigin: boolean | undefined;
  /** Why the URL gate refused the target (src/trace/url-gate.ts), when it did: then it is no address to suggest. */
  refused?: string;
};

/** Why the recorder stopped an exchange itself: a bound, or a redirect it does not follow. */
export type ExchangeStop = BoundStop | RedirectStop;

/** What the recorder throws (and aborts the request with) when it stopped an exchange itself. */
export class ExchangeStopped extends Error {
  readonly stop: ExchangeStop;
  constructor(stop: ExchangeStop) {
    super(describeExchangeStop(stop));
    this.name = 'ExchangeStopped';
    this.stop = stop;
  }
}

/** The recorded exchange's error field for an answer the caller closed itself (ExchangeBounds.close). */
export const CLOSED_BY_CALLER = 'Closed by the client: it no longer needed this answer, which the other side had not ended';

/** One line for the recorded exchange's error field, in the recorder's own terms. */
export function describeExchangeStop(stop: ExchangeStop): string {
  switch (stop.kind) {
    case 'time':
      return `Stopped by the host: the answer was still going after ${Math.round(stop.limit / 1000)} s (${stop.frames} frames, ${stop.bytes} bytes)`;
    case 'idle':
      return `Stopped by the host: nothing arrived for ${Math.round(stop.limit / 1000)} s after ${stop.frames > 0 ? `frame ${stop.frames}` : 'the headers'} (${stop.bytes} bytes)`;
    case 'frames':
      return `Stopped by the host: the answer went over ${stop.limit} frames in ${Math.round(stop.elapsedMs / 1000)} s`;
    case 'bytes':
      return `Stopped by the host: the answer went over ${stop.limit} bytes in ${Math.round(stop.elapsedMs / 1000)} s`;
    case 'depth':
      return `Stopped by the host: the answer nests JSON more than ${stop.limit} levels deep`;
    case 'redirect':
      return `Not followed by the host: HTTP ${stop.status || 'redirect'} to ${stop.location ?? 'an address the browser does not show'}`;
    default: {
      const unexpected: never = stop;
      throw new Error(`Unknown exchange stop ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * Counts one exchange's frames and bytes against its limits and runs its clock. Its
 * signal goes into the fetch: aborting it ends the request and both copies of the body
 * (the caller's and the recorder's) with an ExchangeStopped.
 */
export class ExchangeBounds {
  stop: ExchangeStop | undefined;
  /** Set when the caller closed the answer itself (close()): its end is no fault of the other side. */
  closedByCaller = false;
  private frames = 0;
  private bytes = 0;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private lastActivityMs = 0;

  constructor(
    private readonly limits: ExchangeLimits,
    private readonly elapsed: () => number,
  ) {
    const { totalMs } = limits;
    this.timer = totalMs ? setTimeout(() => this.exceed('time', totalMs), totalMs) : undefined;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * A streamed answer's headers came: from now on a silence longer than idleMs stops it. One
   * timer, which on firing waits out whatever is left since the last piece, rather than one
   * set anew for every chunk of a long stream.
   */
  watchSilence(): void {
    const { idleMs } = this.limits;
    if (!idleMs || this.stop) return;
    this.lastActivityMs = this.elapsed();
    const wait = (delayMs: number) => {
      this.silenceTimer = setTimeout(() => {
        const left = this.lastActivityMs + idleMs - this.elapsed();
        if (left > 0) wait(left);
        else this.exceed('idle', idleMs);
      }, delayMs);
    };
    wait(idleMs);
  }

  /** The stop, once the exchange is over a bound: nothing more of it is recorded then. */
  noteBytes(count: number): ExchangeStop | undefined {
    this.bytes += count;
    this.lastActivityMs = this.elapsed();
    const { maxBytes } = this.limits;
    if (maxBytes !== undefined && this.bytes > maxBytes) this.exceed('bytes', maxBytes);
    return this.stop;
  }

  /** The nesting depth of one body or frame's JSON text. */
  noteDepth(depth: number): ExchangeStop | undefined {
    const { maxDepth } = this.limits;
    if (maxDepth !== undefined && depth > maxDepth) this.exceed('depth', maxDepth);
    return this.stop;
  }

  noteFrame(): ExchangeStop | undefined {
    this.frames += 1;
    const { maxFrames } = this.limits;
    if (maxFrames !== undefined && this.frames > maxFrames) this.exceed('frames', maxFrames);
    return this.stop;
  }

  /** Stops the exchange because of a redirect the host does not follow. */
  refuse(stop: RedirectStop): ExchangeStopped {
    this.stop = stop;
    this.finish();
    return new ExchangeStopped(stop);
  }

  /**
   * Ends the request for a reason that is no bound (the caller's own abort, the network
   * timeout): no stop is set. The bounds' signal is the fetch's only one, so an exchange
   * needs no controller of its own linked to this one.
   */
  abort(reason: unknown): void {
    this.controller.abort(reason);
  }

  /**
   * The caller is done with a streamed answer the other side has not ended (a call the
   * client cancelled): the request ends, and the record says the caller closed it.
   */
  close(): void {
    if (this.stop || this.closedByCaller) return;
    this.closedByCaller = true;
    this.controller.abort(new DOMException(CLOSED_BY_CALLER, 'AbortError'));
  }

  /** The exchange is over: its clocks must not keep the process (the CLI) alive. */
  finish(): void {
    clearTimeout(this.timer);
    clearTimeout(this.silenceTimer);
  }

  private exceed(kind: BoundKind, limit: number): void {
    if (this.stop) return;
    const stop: BoundStop = { kind, limit, elapsedMs: Math.round(this.elapsed()), frames: this.frames, bytes: this.bytes };
    this.stop = stop;
    this.finish();
    this.controller.abort(new ExchangeStopped(this.stop));
  }
}

/**
 * Reads a plain body as text, counting its bytes against the bounds as they arrive. When
 * the connection breaks mid-body, `onBroken` gets the part that had arrived (the learner
 * sees how far the reply came) before the error is thrown on.
 */
export async function readBoundedText(body: ReadableStream<Uint8Array> | null, bounds: ExchangeBounds, onBroken?: (partial: string) => void): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (!bounds.stop && parts.length > 0) onBroken?.(parts.join('') + decoder.decode());
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    const stop = bounds.noteBytes(value.byteLength);
    if (stop) {
      await reader.cancel().catch(() => {});
      throw new ExchangeStopped(stop);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
