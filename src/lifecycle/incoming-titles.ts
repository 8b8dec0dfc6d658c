import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  describeAcknowledged,
  describeJsonRpcError,
  describeOnSubscription,
  describeServerMessage,
  describeServerProgress,
  describeStatusNotification,
} from '../content/index.ts';
import { STEP_DEFINITIONS, type StepId, SUBSCRIPTION_ID_META_KEY } from '../trace/index.ts';

/** The subscription a 2026-07-28 notification came on: the id its _meta names. */
function readSubscriptionId(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta;
  const id = typeof meta === 'object' && meta !== null && SUBSCRIPTION_ID_META_KEY in meta ? Reflect.get(meta, SUBSCRIPTION_ID_META_KEY) : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The kinds of notification an acknowledgement says the server agreed to send. */
function readHonoured(params: Record<string, unknown> | undefined): string[] {
  const notifications = params?.notifications;
  if (typeof notifications !== 'object' || notifications === null) return [];
  return Object.entries(notifications).flatMap(([name, value]) => (value === true || (Array.isArray(value) && value.length > 0) ? [name] : []));
}

/** The title a received message's step gets when the step table's own title says too little. */
export function titleIncoming(message: JSONRPCMessage, stepId: StepId): { title?: string } {
  if ('method' in message) {
    if (stepId === 'server.progress') return { title: describeServerProgress(String(message.params?.message ?? message.params?.progress ?? '')) };
    if (stepId === 'mcp.notification') return { title: describeServerMessage(message.method) };
    if (stepId === 'mcp.subscriptions.acknowledged') return { title: describeAcknowledged(readSubscriptionId(message.params), readHonoured(message.params)) };
    const subscriptionId = readSubscriptionId(message.params);
    if (stepId.startsWith('mcp.task.'))
      return { title: describeOnSubscription(describeStatusNotification(STEP_DEFINITIONS[stepId].title, message.method), subscriptionId) };
    if (subscriptionId !== undefined) return { title: describeOnSubscription(STEP_DEFINITIONS[stepId].title, subscriptionId) };
    return {};
  }
  return 'error' in message ? { title: describeJsonRpcError(message.error) } : {};
}
