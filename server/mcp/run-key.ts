import { parseTraceparent } from '../../src/trace/index.ts';

/**
 * The run a request belongs to: its trace id, from the traceparent the host sends in
 * every request's _meta (src/lifecycle/add-trace-context.ts). The toolbox keeps what a
 * run changes (its notes, its unlocked tool, who hears that its tool list changed) apart
 * by it; a client that sends none shares the state of every client that sends none.
 */
export function readRunKey(meta: unknown): { runKey?: string } {
  const traceparent = typeof meta === 'object' && meta !== null && 'traceparent' in meta ? meta.traceparent : undefined;
  const context = parseTraceparent(traceparent);
  return context ? { runKey: context.traceId } : {};
}
