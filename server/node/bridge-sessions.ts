import { randomUUID } from 'node:crypto';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { MAX_BRIDGE_SESSION_PROGRAMS, STDIO_BRIDGE_PATH, type BridgeListing } from '../../src/trace/index.ts';
import type { StdioBridgeRoutes } from '../http/index.ts';
import { createJsonRpcErrorResponse } from '../http/index.ts';
import type { NamedStdioCommand } from './parse-stdio-command.ts';
import { Bridge, readBridgeMessage, type BridgeMessage } from './stdio-bridge.ts';

/**
 * A program for each client, where the command allows it (issue 40). A stdio program
 * serves one client: what that client declared in initialize (sampling, elicitation,
 * roots) shapes what the program offers, and a second client sharing it sees tools
 * registered for the first (the reference everything server registers its sampling tool
 * only for a client that declares sampling). So each initialize gets a program of its own,
 * the same command started again, and an Mcp-Session-Id that routes the client's later
 * requests to it, as a 2025-11-25 session does.
 *
 * Bounded: at most MAX_BRIDGE_SESSION_PROGRAMS live for each bridge (one more initialize gets 503
 * with the reason), each stopped with its whole process group when its session ends: the
 * client's DELETE, SESSION_IDLE_MS with no request, the program's own exit, or the app's
 * end. The command comes from the command line only, never from a request.
 *
 * A command that cannot run twice at once (it holds a port or a lock) is bridged with
 * --stdio-shared: its one program, started before the app listens, serves every client,
 * and the listing says so, for the page to draw. A request with no session id (a client
 * that keeps none) goes to that first program too.
 */

/** A session with no request for this long is ended, and its program stopped. */
export const SESSION_IDLE_MS = 10 * 60_000;

type Session = { bridge: Bridge; idle: ReturnType<typeof setTimeout> | undefined };

function createBridgedServer(server: NamedStdioCommand, first: Bridge, log: (line: string) => void) {
  const sessions = new Map<string, Session>();
  const end = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    clearTimeout(session.idle);
    await session.bridge.stop();
  };
  const touch = (id: string, session: Session) => {
    clearTimeout(session.idle);
    session.idle = setTimeout(() => void end(id), SESSION_IDLE_MS);
    session.idle.unref();
  };

  /** Programs being started for an initialize, counted with the live ones so that concurrent initializes cannot pass the bound. */
  let starting = 0;
  async function startSession(read: BridgeMessage): Promise<Response> {
    if (sessions.size + starting >= MAX_BRIDGE_SESSION_PROGRAMS) {
      return createJsonRpcErrorResponse(
        503,
        -32000,
        `The stdio bridge "${server.name}" already runs ${MAX_BRIDGE_SESSION_PROGRAMS} programs, one for each client's session, the most it starts. End a session (a run's end or Reset ends its own) or wait ${SESSION_IDLE_MS / 60_000} minutes for an idle one to be stopped, then start again.`,
      );
    }
    const id = randomUUID();
    const bridge = new Bridge(server, log, () => void end(id));
    starting += 1;
    try {
      await bridge.start();
    } catch (error) {
      return createJsonRpcErrorResponse(
        502,
        -32000,
        `The stdio bridge "${server.name}" could not start a program for this client: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      starting -= 1;
    }
    const session: Session = { bridge, idle: undefined };
    sessions.set(id, session);
    touch(id, session);
    const answer = bridge.serveMessage(read);
    const headers = new Headers(answer.headers);
    headers.set('mcp-session-id', id);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  }

  return {
    server,
    running: () => first.running,
    async serve(request: Request): Promise<Response> {
      const id = request.headers.get('mcp-session-id');
      if (id !== null) {
        const session = sessions.get(id);
        if (!session)
          return createJsonRpcErrorResponse(
            404,
            -32001,
            `Session not found: the stdio bridge "${server.name}" ended it (a DELETE, ${SESSION_IDLE_MS / 60_000} minutes idle, or its program exited) or never started it. Send initialize again, without Mcp-Session-Id, to start a new program.`,
          );
        if (request.method === 'DELETE') {
          await end(id);
          return new Response(null, { status: 200 });
        }
        touch(id, session);
        return session.bridge.serve(request);
      }
      if (server.shared) return first.serve(request);
      const read = await readBridgeMessage(request);
      if (read instanceof Response) return read;
      return isInitializeRequest(read.message) ? startSession(read) : first.serveMessage(read);
    },
    stop: async () => {
      await Promise.all([first.stop(), ...[...sessions.keys()].map(end)]);
    },
    countSessions: () => sessions.size,
  };
}

/**
 * Starts every bridged server's first program, each before the app listens, and gives the
 * app its route. A program that cannot be started stops here, with the reason, so npm
 * start never serves a name that answers nothing.
 */
export async function startStdioBridges({
  servers,
  log = () => {},
}: {
  servers: NamedStdioCommand[];
  log?: (line: string) => void;
}): Promise<StdioBridgeRoutes> {
  const bridges = new Map<string, ReturnType<typeof createBridgedServer>>();
  try {
    for (const server of servers) {
      const first = new Bridge(server, log);
      bridges.set(server.name, createBridgedServer(server, first, log));
      await first.start();
    }
  } catch (error) {
    await Promise.all([...bridges.values()].map((bridge) => bridge.stop()));
    throw error;
  }
  return {
    list: (): BridgeListing['servers'] =>
      [...bridges.values()].map((bridge) => ({
        name: bridge.server.name,
        path: `${STDIO_BRIDGE_PATH}/${bridge.server.name}`,
        running: bridge.running(),
        clients: bridge.server.shared ? 'shared' : 'own-program',
      })),
    serve: (name, request) => bridges.get(name)?.serve(request),
    close: async () => {
      await Promise.all([...bridges.values()].map((bridge) => bridge.stop()));
    },
  };
}
