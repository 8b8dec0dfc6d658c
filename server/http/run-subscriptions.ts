import { createMcpHandler, InMemoryServerEventBus, type McpHttpHandler, type Server, type ServerEventBus } from '@modelcontextprotocol/server';
import { readRunKey } from '../mcp/index.ts';

/**
 * The toolbox's 2026-07-28 subscriptions, kept per run. What unlocks a tool changes the
 * list of that run only (the registry answers each run apart), so its list_changed goes
 * to that run's subscriptions/listen streams only: another learner's run, whose list did
 * not change, is not told to list again. The SDK's listen router sends each event of its
 * bus to every stream open on it, so each run gets a bus of its own, and a listen is
 * served by a handler of its run's bus. The clients that name no run share one, the
 * endpoint's own handlers'.
 */
export type RunSubscriptions = {
  /** Serves a subscriptions/listen request (its body parsed) on its run's bus; undefined when it names no run (the endpoint's handlers serve it, on sharedBus). */
  serveListen: (request: Request, message: unknown) => Promise<Response> | undefined;
  /** Sends notifications/tools/list_changed on the open streams of this run (undefined: of the clients that name none). */
  publishToolsChanged: (runKey: string | undefined) => void;
  /** The bus of the clients that name no run: the endpoint's own handlers take it. */
  sharedBus: ServerEventBus;
  close: () => Promise<void>;
};

/** Runs with a bus at once, at most; one more drops the oldest, ending its open streams (the host then hears no more changes, as when a server restarts). */
const MAX_RUNS = 250;

type RunBus = { bus: InMemoryServerEventBus; handler: McpHttpHandler };

export function createRunSubscriptions({
  createServer,
  onError,
}: {
  createServer: () => Server;
  onError?: ((error: Error) => void) | undefined;
}): RunSubscriptions {
  const sharedBus = new InMemoryServerEventBus(onError);
  const byRun = new Map<string, RunBus>();
  const busOf = (runKey: string): RunBus => {
    const kept = byRun.get(runKey);
    if (kept) return kept;
    const bus = new InMemoryServerEventBus(onError);
    const created = { bus, handler: createMcpHandler(createServer, { legacy: 'reject', bus, ...(onError ? { onerror: onError } : {}) }) };
    byRun.set(runKey, created);
    // A Map iterates in insertion order: the first run is the oldest.
    const [oldest] = byRun;
    if (byRun.size > MAX_RUNS && oldest) {
      byRun.delete(oldest[0]);
      void oldest[1].handler.close().catch(() => {});
    }
    return created;
  };
  return {
    serveListen: (request, message) => {
      const { runKey } = readRunKey(readMeta(message));
      return runKey === undefined ? undefined : busOf(runKey).handler.fetch(request, { parsedBody: message });
    },
    publishToolsChanged: (runKey) => (runKey === undefined ? sharedBus : byRun.get(runKey)?.bus)?.publish({ kind: 'tools_list_changed' }),
    sharedBus,
    close: async () => {
      await Promise.all([...byRun.values()].map((run) => run.handler.close()));
    },
  };
}

/** Whether a POST's body is a subscriptions/listen request. */
export function isListenRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'method' in message && message.method === 'subscriptions/listen';
}

function readMeta(message: unknown): unknown {
  if (typeof message !== 'object' || message === null || !('params' in message)) return undefined;
  const { params } = message;
  return typeof params === 'object' && params !== null && '_meta' in params ? params._meta : undefined;
}
