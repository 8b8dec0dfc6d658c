import type { FaultWords } from './fault-words.ts';
import type { ExchangeStop } from '../mcp/index.ts';
import { explainMcpStop } from './explain-exchange-stop.ts';
import { HostFault, explainMcpRateLimit } from './faults.ts';
import type { Phase } from '../trace/index.ts';
import type { RateLimitGiveUp } from './mcp-rate-limit.ts';
import { linkSignals } from '../mcp/index.ts';

/**
 * Watches one MCP request from the moment it leaves (never during the learner's pause
 * at the gate): a server that goes silent, or ends its answer without the result, stops
 * the request with a fault that says so, instead of leaving the host waiting forever.
 */
export class McpWatchdog {
  private controller: AbortController | null = null;
  private unlinkRun: () => void = () => {};
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastActivityAt = 0;
  private during = '';
  private url = '';
  fault: HostFault | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly currentPhase: () => Phase,
    /** What to do after a fault, in the words of where it is read. */
    private readonly say: FaultWords,
    // A monotonic clock: a wall clock set back would stretch the silence waited for.
    private readonly now: () => number = () => (typeof performance === 'undefined' ? Date.now() : performance.now()),
  ) {}

  /**
   * Watches a request from now on; its signal aborts when the watchdog stops it, or when
   * `runSignal` (the run's reset) aborts, so the request needs no second signal joined to it.
   */
  begin(during: string, url: string, runSignal?: AbortSignal): AbortSignal {
    this.end();
    this.controller = new AbortController();
    this.unlinkRun = linkSignals(this.controller, [runSignal]);
    this.during = during;
    this.url = url;
    this.fault = null;
    return this.controller.signal;
  }

  /**
   * The request left, or something of its answer arrived: the silence starts over. Every
   * message counts as activity, so only its time is noted; the one timer, when it fires,
   * waits out whatever is left of the silence since then instead of being set anew each time.
   */
  noteActivity(): void {
    if (!this.controller) return;
    this.lastActivityAt = this.now();
    if (this.timer === undefined) this.watchSilence(this.timeoutMs);
  }

  private watchSilence(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const left = this.lastActivityAt + this.timeoutMs - this.now();
      if (left > 0) {
        this.watchSilence(left);
        return;
      }
      this.stop({
        what: `The MCP server at ${this.url} stopped answering ${this.during}.`,
        why: `Nothing came back for ${Math.round(this.timeoutMs / 1000)} seconds: the tool may hang, or the server or the network may have died.`,
        fix: `Check that the server is still running, ${this.say.again}.`,
      });
    }, delayMs);
  }

  /** The HTTP answer ended (or broke) and the JSON-RPC result was not in it. */
  noteUnanswered(reason: string | undefined): void {
    this.stop({
      what: `The MCP server at ${this.url} ended its answer ${this.during} without the result.`,
      why: reason
        ? `The response stream broke (${reason}): the server may have stopped or the connection was cut.`
        : 'The response stream closed before the result arrived: the server may have stopped in the middle of the call.',
      fix: `Check that the server is still running, ${this.say.again}.`,
    });
  }

  /** The recorder stopped the answer itself: over a bound (time, frames, bytes), or a redirect. */
  noteStopped(stop: ExchangeStop, progressFrames: number): void {
    this.stop(explainMcpStop({ stop, url: this.url, during: this.during, progressFrames, say: this.say }));
  }

  /** The server refused the request with 429 and the host does not wait again (see mcp-rate-limit.ts). */
  noteRateLimited(giveUp: RateLimitGiveUp): void {
    this.stop(explainMcpRateLimit({ url: this.url, during: this.during, say: this.say, ...giveUp }));
  }

  /** What the watched request is doing, in words ("during tools/call"), for steps recorded while it waits. */
  describeActivity(): string {
    return this.during;
  }

  end(): void {
    this.unlinkRun();
    this.unlinkRun = () => {};
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller = null;
  }

  private stop(fault: { what: string; why: string; fix: string }): void {
    if (!this.controller || this.fault) return;
    this.fault = new HostFault(fault, this.currentPhase());
    clearTimeout(this.timer);
    this.controller.abort(this.fault);
  }
}
