import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { createRandomTraceHex, formatTraceparent } from '../trace/index.ts';

/**
 * A request or notification with the run's W3C trace context in `params._meta.traceparent`,
 * where the MCP spec reserves that key and the OpenTelemetry MCP conventions look for it:
 * the run's trace id, and a fresh span id that is this message's span in the OTLP export,
 * so a server that traces makes its spans children of it. A response carries no params,
 * and a traceparent already there (a learner's, an imported one) is left as it is.
 */
export function addTraceContext({ message, traceId }: { message: JSONRPCMessage; traceId: string }): JSONRPCMessage {
  if (!('method' in message)) return message;
  const meta = message.params?._meta;
  if (meta && 'traceparent' in meta) return message;
  const traceparent = formatTraceparent({ traceId, spanId: createRandomTraceHex(8) });
  return { ...message, params: { ...message.params, _meta: { ...meta, traceparent } } };
}
