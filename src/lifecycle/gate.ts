import { RunAborted } from './faults.ts';
import type { PendingStep } from './trace-writer.ts';

/**
 * What the learner sends when opening the gate: nothing, or the message as they edited it.
 * `answered`: the payload is the user's answer given with the gate's own controls (Allow,
 * Decline, a form), which is the step's content, not an edit of what the host wrote.
 * `pageOpened`: at a URL-mode elicitation, whether the learner opened the server's page.
 */
export type Release = { payload?: unknown; answered?: boolean; pageOpened?: boolean };

/** The message at the gate was taken back unsent (its request failed with this): the learner cancelled what it was for. */
export class GateWithdrawn extends Error {
  constructor() {
    super('The message waiting at the gate was taken back: it was not sent.');
  }
}

/**
 * Where the host waits before each message it sends. Opening the gate lets the message
 * go, possibly edited; closing it (Reset) ends the run.
 */
export class Gate {
  pending: PendingStep | null = null;
  private open: ((release: Release) => void) | null = null;
  private fail: ((error: Error) => void) | null = null;
  /** Settles when the message now at the gate has passed: the next one waits for it. */
  private turn: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly announce: (pending: PendingStep) => void) {}

  /**
   * One message at the gate at a time. A server may ask while the learner is at another
   * step (the everything server's roots/list right after initialize, outside any call):
   * the client's answer then queues behind that step instead of taking the gate from it.
   */
  async wait(next: PendingStep): Promise<Release> {
    const previous = this.turn;
    let passed = () => {};
    this.turn = new Promise<void>((resolve) => (passed = resolve));
    try {
      await previous;
      if (this.closed) throw new RunAborted();
      return await this.waitAlone(next);
    } finally {
      passed();
    }
  }

  private async waitAlone(next: PendingStep): Promise<Release> {
    // The gate exists before anyone hears of it, so a listener may open it at once.
    const released = new Promise<Release>((resolve, reject) => {
      this.open = resolve;
      this.fail = reject;
    });
    this.pending = next;
    this.announce(next);
    try {
      return await released;
    } finally {
      this.pending = null;
      this.open = null;
      this.fail = null;
    }
  }

  release(release: Release = {}): boolean {
    if (!this.open) return false;
    // A gate that wants the user's own answer stays shut to a bare Next.
    if (this.pending?.answerRequired && release.payload === undefined) return false;
    this.open(release);
    return true;
  }

  /** Takes back the message at the gate unsent, when it is one `matches` picks; false when there is none. */
  withdraw(matches: (pending: PendingStep) => boolean): boolean {
    if (!this.fail || !this.pending || !matches(this.pending)) return false;
    this.fail(new GateWithdrawn());
    return true;
  }

  close(): void {
    this.closed = true;
    this.fail?.(new RunAborted());
  }
}
