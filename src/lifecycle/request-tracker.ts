import type { RequestId } from '@modelcontextprotocol/client';
import type { StepId } from '../trace/index.ts';

/**
 * Correlates the client's requests with what comes back: which step each request id
 * was, whether its JSON-RPC answer has arrived, and a promise per request that the host
 * awaits so that the answer's step is in the trace before the host's next step. It also
 * remembers which steps came from which HTTP exchange, so a late header or frame can
 * update them.
 */
export class RequestTracker<Recorded> {
  private readonly requestStepById = new Map<RequestId, StepId>();
  private readonly settledById = new Map<RequestId, { promise: Promise<void>; resolve: () => void }>();
  private readonly answeredIds = new Set<RequestId>();
  private readonly latestIdByMethod = new Map<string, RequestId>();
  private readonly recordedByExchange = new Map<number, Recorded[]>();
  private readonly cancelledIds = new Set<RequestId>();
  private readonly answerById = new Map<RequestId, unknown>();
  private readonly closeOpenAnswer = new Map<RequestId, () => void>();

  /** A request left: its answer is now awaited, and it is the latest of its method. */
  noteSent({ id, method, stepId }: { id: RequestId; method: string; stepId: StepId }): void {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    this.settledById.set(id, { promise, resolve });
    this.latestIdByMethod.set(method, id);
    this.requestStepById.set(id, stepId);
  }

  /** The step of the request this id belongs to, when the client sent it. */
  requestStepOf(id: RequestId): StepId | undefined {
    return this.requestStepById.get(id);
  }

  /** The request's answer is in the trace (or no answer will come, and that is complete as it is); `answer` is the message that answered it. */
  noteAnswered(id: RequestId, answer?: unknown): void {
    this.answeredIds.add(id);
    if (answer !== undefined) this.answerById.set(id, answer);
    this.settledById.get(id)?.resolve();
  }

  /** The message that answered the latest request of this method, as it came; undefined when none has. */
  latestAnswer(method: string): unknown {
    const id = this.latestIdByMethod.get(method);
    return id === undefined ? undefined : this.answerById.get(id);
  }

  /** The client sent notifications/cancelled for this request: no answer is owed any more. */
  noteCancelled(id: RequestId): void {
    this.cancelledIds.add(id);
  }

  isCancelled(id: RequestId): boolean {
    return this.cancelledIds.has(id);
  }

  /** The request left, or its streamed answer began: `close` ends it from the client's side (a cancelled call the server leaves unanswered). */
  noteOpenAnswer(id: RequestId, close: () => void): void {
    this.closeOpenAnswer.set(id, close);
  }

  /**
   * Closes the answer stream of the latest request of this method when the client
   * cancelled that request and the stream is still open; false when there was none to close.
   */
  closeCancelled(method: string): boolean {
    const id = this.latestIdByMethod.get(method);
    const close = id === undefined || !this.cancelledIds.has(id) ? undefined : this.closeOpenAnswer.get(id);
    close?.();
    return close !== undefined;
  }

  isAnswered(id: RequestId): boolean {
    return this.answeredIds.has(id);
  }

  /** The exchange that carried the request ended, answered or not: nobody should wait for it any longer. */
  noteEnded(id: RequestId): void {
    this.closeOpenAnswer.delete(id);
    this.settledById.get(id)?.resolve();
  }

  /** Resolves once the latest request of this method is answered or its exchange ended; at once when there was none. */
  settled(method: string): Promise<void> {
    const id = this.latestIdByMethod.get(method);
    return id === undefined ? Promise.resolve() : (this.settledById.get(id)?.promise ?? Promise.resolve());
  }

  attach(exchangeId: number, recorded: Recorded): void {
    const list = this.recordedByExchange.get(exchangeId) ?? [];
    list.push(recorded);
    this.recordedByExchange.set(exchangeId, list);
  }

  recordedFor(exchangeId: number): readonly Recorded[] {
    return this.recordedByExchange.get(exchangeId) ?? [];
  }
}
