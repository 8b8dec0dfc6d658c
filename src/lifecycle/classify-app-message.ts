import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { StepId } from '../trace/index.ts';

/**
 * Which step a message between the host and a view is (MCP Apps), from the message, its
 * direction, and the method of the request it answers: no state, no wording.
 */

export type AppDirection = 'from-view' | 'to-view';

const FROM_VIEW: Partial<Record<string, StepId>> = {
  'ui/notifications/sandbox-proxy-ready': 'app.sandbox-ready',
  'ui/initialize': 'app.initialize.request',
  'ui/notifications/initialized': 'app.initialized.notification',
  'ui/notifications/size-changed': 'app.size-changed.notification',
  'tools/call': 'app.tools-call.request',
  'resources/read': 'app.resources-read.request',
  'ui/open-link': 'app.open-link.request',
  'ui/message': 'app.message.request',
};

const TO_VIEW: Partial<Record<string, StepId>> = {
  'ui/notifications/sandbox-resource-ready': 'app.resource.notification',
  'ui/notifications/tool-input': 'app.tool-input.notification',
  'ui/notifications/tool-result': 'app.tool-result.notification',
  'ui/notifications/tool-cancelled': 'app.tool-cancelled.notification',
  'ui/resource-teardown': 'app.teardown.request',
};

/** The host's answer to a request of the view, by the request's method. */
const HOST_ANSWERS: Partial<Record<string, StepId>> = {
  'ui/initialize': 'app.initialize.response',
  'tools/call': 'app.tools-call.response',
};

export function classifyAppMessage({
  direction,
  message,
  answers,
}: {
  direction: AppDirection;
  message: JSONRPCMessage;
  answers?: string | undefined;
}): StepId {
  if (!('method' in message))
    return direction === 'from-view' ? 'app.response' : ((answers === undefined ? undefined : HOST_ANSWERS[answers]) ?? 'app.host-response');
  const isRequest = 'id' in message && message.id !== undefined;
  if (direction === 'from-view') return FROM_VIEW[message.method] ?? (isRequest ? 'app.request' : 'app.notification');
  return TO_VIEW[message.method] ?? (isRequest ? 'app.host-request' : 'app.host-notification');
}

/**
 * The host's own messages to a view wait at the gate like any message the host sends, and the
 * learner may edit what the view is told; its answers to the view's requests do not wait (the
 * view's SDK gives up on a request after its own timeout, and the gate before them was the
 * call's). The teardown goes at once: the learner's Close is the answer.
 */
export function isHeldForLearner(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method !== 'ui/resource-teardown';
}

/** Whether the learner may edit a held message: what the view is told of the call, not the HTML and policy (the resource's own step shows them). */
export function isEditableForLearner(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method !== 'ui/notifications/sandbox-resource-ready';
}
