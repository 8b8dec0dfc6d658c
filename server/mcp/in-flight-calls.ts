import type { Server } from '@modelcontextprotocol/server';

/**
 * Cancellation across the per-request server instances of one stateless endpoint.
 *
 * In 2025-11-25 a client cancels with `notifications/cancelled`, naming the request's
 * JSON-RPC id, in a POST of its own. A stateless endpoint answers every POST with a
 * fresh server instance, so the one that receives the cancel is never the one
 * running the call, and on its own it can only ignore it (the tool counted on to its
 * result). This registry, one per endpoint and shared by its instances, remembers
 * which instance runs which tools/call while the tool works; the cancel ends that
 * instance. Closing it is what a dropped connection does: the SDK aborts the
 * handler's signal (the tool stops where it is), sends no result for the aborted
 * request (as the spec asks), and the response stream ends.
 *
 * What identifies the request, and its limit: only the id. The cancel carries nothing
 * else, and a stateless endpoint hands out no session id to tie the two POSTs to one
 * client, so the server cannot tell the client that sent the call from another that
 * names the same id. Ids are small counters (every SDK client's first tools/call has
 * the same few ids), so two clients often run the same id at once: a cancel then names
 * more than one call and is ignored, never applied to a guess. But a client that
 * wants to stop another's call can send the id alone while only that call runs. Where
 * that matters, use a session (`/mcp/sessions`): there each session has its own
 * server instance, and a cancel reaches only the calls of the session it names.
 */

type RequestId = string | number;

export type CancelOutcome = 'cancelled' | 'unknown' | 'ambiguous' | 'shares-its-instance';

export type InFlightCalls = {
  /** Notes that `server` runs request `id` until the returned function is called. */
  track: (id: RequestId, server: Server) => () => void;
  /** Applies a notifications/cancelled for `id`; says what it did. */
  cancel: (id: RequestId) => CancelOutcome;
  /** Calls in flight now, for tests that check nothing is left behind. */
  count: () => number;
};

export function createInFlightCalls(options: { onError?: (error: Error) => void } = {}): InFlightCalls {
  const calls = new Map<RequestId, Set<Server>>();
  const callsPerServer = new Map<Server, number>();

  return {
    track(id, server) {
      const servers = calls.get(id) ?? new Set<Server>();
      servers.add(server);
      calls.set(id, servers);
      callsPerServer.set(server, (callsPerServer.get(server) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        servers.delete(server);
        if (servers.size === 0) calls.delete(id);
        const left = (callsPerServer.get(server) ?? 1) - 1;
        if (left === 0) callsPerServer.delete(server);
        else callsPerServer.set(server, left);
      };
    },
    cancel(id) {
      const servers = calls.get(id);
      if (!servers || servers.size === 0) return 'unknown';
      if (servers.size > 1) return 'ambiguous';
      const [server] = servers;
      // A batch put several calls on one instance: closing it would stop them all.
      if ((callsPerServer.get(server!) ?? 0) > 1) return 'shares-its-instance';
      server!.close().catch((error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))));
      return 'cancelled';
    },
    count: () => [...callsPerServer.values()].reduce((sum, count) => sum + count, 0),
  };
}

/**
 * Lets a stateless instance pass the cancels it receives to the endpoint's registry,
 * in place of the SDK's own handling, which only looks at the requests of its instance
 * (a stateless one, serving a single POST, never runs the request a cancel names).
 */
export function shareCancellation(server: Server, inFlight: InFlightCalls): void {
  server.setNotificationHandler('notifications/cancelled', (notification) => {
    const id = notification.params.requestId;
    if (id !== undefined) inFlight.cancel(id);
  });
}
