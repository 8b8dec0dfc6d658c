import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { jsonResponse } from '../shared/index.ts';
import { readClientAddress } from './client-limits.ts';
import { writeRawAnswer } from './write-raw-answer.ts';

/**
 * A cap on open connections, in total and per source address. Node's own
 * `maxConnections` drops the socket without a word; here the connection one over the
 * cap is answered (503 over the total, 429 over an address's share, both with
 * Retry-After) and closed, and never reaches the HTTP parser. The requestTimeout
 * already ends a connection that trickles; this bounds how many may trickle at once.
 */

/** A refused connection is closed this long after its answer at the latest, whether or not the client closes its side. */
const REFUSED_CONNECTION_LINGER_MS = 2_000;
const RETRY_AFTER_SECONDS = 5;

export type ConnectionGate = {
  /** Live connections now (admitted ones; refused ones close by themselves). */
  countConnections: () => number;
  /** Ends the sockets the HTTP server does not know about: refused ones, and CONNECT requests handed over. */
  destroyOwnSockets: () => void;
  /** A socket Node's HTTP server handed over (CONNECT): closed along with the server. */
  adopt: (socket: Socket) => void;
};

/**
 * Puts the gate in front of the server's own connection handling. Node documents
 * emitting 'connection' as the way to hand an HTTP server a socket; the server's
 * one listener for it is taken over and called for admitted sockets only.
 */
export function installConnectionGate(server: Server, limits: { maxConnections: number; maxConnectionsPerAddress: number | undefined }): ConnectionGate {
  const listeners = server.listeners('connection');
  const handOver = listeners[0];
  if (listeners.length !== 1 || !handOver) throw new Error(`Expected the HTTP server's one connection listener, found ${listeners.length}.`);
  server.removeAllListeners('connection');

  let open = 0;
  const perClient = new Map<string, number>();
  const own = new Set<Socket>();
  const adopt = (socket: Socket) => {
    own.add(socket);
    socket.once('close', () => own.delete(socket));
  };

  server.on('connection', (socket: Socket) => {
    const client = readClientAddress(socket);
    const clientOpen = perClient.get(client) ?? 0;
    const refusal =
      open >= limits.maxConnections
        ? jsonResponse(
            503,
            { error: `Too many open connections: this server holds at most ${limits.maxConnections} at once. Try again in a few seconds.` },
            { 'retry-after': String(RETRY_AFTER_SECONDS) },
          )
        : limits.maxConnectionsPerAddress !== undefined && clientOpen >= limits.maxConnectionsPerAddress
          ? jsonResponse(
              429,
              {
                error: `Too many open connections from ${client}: each address may hold at most ${limits.maxConnectionsPerAddress} at once, for all the browsers and programs behind it. Close some (another tab, a stuck script) or try again in a few seconds.`,
              },
              { 'retry-after': String(RETRY_AFTER_SECONDS) },
            )
          : undefined;
    if (refusal) {
      adopt(socket);
      void writeRawAnswer(socket, refusal, REFUSED_CONNECTION_LINGER_MS);
      return;
    }
    open += 1;
    perClient.set(client, clientOpen + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    handOver.call(server, socket);
  });

  return {
    countConnections: () => open,
    destroyOwnSockets: () => {
      for (const socket of own) socket.destroy();
    },
    adopt,
  };
}
