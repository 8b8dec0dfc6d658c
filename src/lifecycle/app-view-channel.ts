import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { describeHostAnswer, describeHostMessage, describeViewAnswer, describeViewNotification, describeViewRequest } from '../content/index.ts';
import type { StepId } from '../trace/index.ts';
import { applyLearnerEdit } from './apply-learner-edit.ts';
import { classifyAppMessage, isEditableForLearner, isHeldForLearner } from './classify-app-message.ts';
import { readJsonRpcMessage } from './classify-mcp-message.ts';
import type { Release } from './gate.ts';
import type { PendingStep, TraceWriter } from './trace-writer.ts';

/**
 * The channel between the host's AppBridge and one view's frame, with the recorder in the
 * middle: every postMessage either way is a step. What the view sends is recorded as it
 * arrives, before the bridge reads it; what the host sends of its own accord waits at the
 * gate first, where the learner may edit what the view is told (isHeldForLearner). Nothing
 * here is scripted: the steps are the messages the official SDKs really exchanged.
 */

/**
 * The most messages one view may send. Each is a step the page keeps, and a view is the
 * server's code: one that posts in a loop would otherwise grow the trace until the tab runs
 * out of memory. The built-in view sends about ten, and a few more for each click; past the
 * bound nothing more of it is recorded or answered, and the host closes it.
 */
export const MAX_VIEW_MESSAGES = 2_000;

export type AppChannelRecorder = {
  writer: TraceWriter;
  /** Called once, with the reason, when the view has sent more than MAX_VIEW_MESSAGES. */
  onFlood?: (reason: string) => void;
  gate: (pending: PendingStep) => Promise<Release>;
  /** Called with each message from the view once it is recorded (the session watches for its cancels). */
  onViewMessage?: (message: JSONRPCMessage) => void;
};

export class AppViewChannel implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  /** The method of each request of the view's, until the host answers it. */
  private readonly viewRequests = new Map<RequestId, string>();
  /** The method of each request of the host's, until the view answers it. */
  private readonly hostRequests = new Map<RequestId, string>();
  private fromView = 0;

  constructor(
    private readonly inner: Transport,
    private readonly recorder: AppChannelRecorder,
  ) {}

  async start(): Promise<void> {
    // The bridge sets its handlers on this channel before start; the frame's transport reports to them through here.
    this.inner.onmessage = <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => {
      this.fromView += 1;
      if (this.fromView > MAX_VIEW_MESSAGES) {
        if (this.fromView === MAX_VIEW_MESSAGES + 1)
          this.recorder.onFlood?.(`The view sent more than ${MAX_VIEW_MESSAGES.toLocaleString('en-US')} messages; the host closed it`);
        return;
      }
      this.recordFromView(message);
      this.recorder.onViewMessage?.(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sent = await this.recordToView(message);
    await this.inner.send(sent, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private recordFromView(message: JSONRPCMessage): void {
    const answers = 'method' in message ? undefined : this.takeMethod(this.hostRequests, message.id);
    const stepId = classifyAppMessage({ direction: 'from-view', message, answers });
    if ('method' in message && 'id' in message) this.viewRequests.set(message.id, message.method);
    this.recorder.writer.append(stepId, { payload: message, ...titleFromView(stepId, message, answers) });
  }

  private async recordToView(message: JSONRPCMessage): Promise<JSONRPCMessage> {
    const answers = 'method' in message ? undefined : this.takeMethod(this.viewRequests, message.id);
    const stepId = classifyAppMessage({ direction: 'to-view', message, answers });
    const title = titleToView(stepId, message, answers);
    let sent = message;
    let edited = false;
    if (isHeldForLearner(message)) {
      const editable = isEditableForLearner(message);
      const release = await this.recorder.gate(this.recorder.writer.describe(stepId, { payload: message, editable, ...title }));
      const changed = editable ? readJsonRpcMessage(applyLearnerEdit({ message, edit: release.payload })) : undefined;
      if (changed) {
        sent = changed;
        edited = true;
      }
    }
    if ('method' in sent && 'id' in sent) this.hostRequests.set(sent.id, sent.method);
    this.recorder.writer.append(stepId, { payload: sent, ...title, ...(edited ? { edited: { original: message } } : {}) });
    return sent;
  }

  private takeMethod(requests: Map<RequestId, string>, id: RequestId | undefined): string | undefined {
    if (id === undefined) return undefined;
    const method = requests.get(id);
    requests.delete(id);
    return method;
  }
}

/** The steps whose table title says it all keep it; the others name the method, or the answer. */
function titleFromView(stepId: StepId, message: JSONRPCMessage, answers: string | undefined): { title?: string } {
  if (stepId === 'app.request' && 'method' in message) return { title: describeViewRequest(message.method) };
  if (stepId === 'app.notification' && 'method' in message)
    return { title: describeViewNotification({ method: message.method, level: message.params?.level, data: message.params?.data }) };
  if (stepId === 'app.response') return { title: describeViewAnswer(answers) };
  return {};
}

function titleToView(stepId: StepId, message: JSONRPCMessage, answers: string | undefined): { title?: string } {
  if ((stepId === 'app.host-notification' || stepId === 'app.host-request') && 'method' in message) return { title: describeHostMessage(message.method) };
  if ('method' in message) return {};
  const error = 'error' in message ? message.error : undefined;
  if (stepId === 'app.host-response' || error) return { title: describeHostAnswer({ method: answers, error }) };
  return {};
}
