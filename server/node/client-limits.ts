import type { Socket } from 'node:net';
import type { ClientIdentity } from '../http/index.ts';

/**
 * Limits per client, for a server shared by a class (`--host`): one learner's looping
 * script or stuck tab must not take the sessions, the connections or the server's
 * time from the others. A client is a browser, told by the id the server gave it
 * (client-id-cookie.ts), or the address's own client when a request carries no id
 * (the CLI, curl); all the clients behind one address together get `clientsPerAddress`
 * shares at most, since anyone can collect ids. On loopback every client is this
 * machine, so these limits are off there unless asked for.
 */

export type ClientLimits = {
  /**
   * Connections one address may hold open at once is this times `clientsPerAddress`; one
   * more is answered 429 and closed. A connection is counted when it opens, before any
   * request on it can name its client, so connections are counted by address only.
   */
  maxConnections: number;
  /** Live sessions one client may hold, on every session endpoint together; one more initialize gets 429. */
  maxSessions: number;
  /** Requests one client may make per minute, on average; past it, 429 with Retry-After. */
  requestsPerMinute: number;
  /** Requests one client may make at once before the per-minute rate applies (a page load, a fast run). */
  burst: number;
  /** The shares all the clients behind one address may take together (a class behind one NAT). */
  clientsPerAddress: number;
};

/**
 * A browser opens at most 6 connections to one server, and a page load plus a played
 * run makes a few dozen requests in a second or two: these leave a learner room for
 * two tabs and an MCP client, and keep any one client from holding more than a
 * tenth of the sessions. Ten shares an address hold 320 connections, room for a class
 * of 50 browsers behind one NAT, and 100 sessions.
 */
export const DEFAULT_CLIENT_LIMITS: ClientLimits = { maxConnections: 32, maxSessions: 10, requestsPerMinute: 600, burst: 150, clientsPerAddress: 10 };

/**
 * Connections open at once, from everyone together; one more is answered 503 and closed.
 * Sized for a class on one server: a learner's browser holds up to 6 connections to
 * the server (HTTP/1.1's per-origin limit, the session's GET stream among them), so 200
 * learners may hold 1,200, and the bench's class of 200 engines holds about 3 each
 * (the GET stream, a POST, a provider call, kept alive between them); 512 turned most
 * of a class away with 503. The cap still bounds what trickling clients can hold
 * (each until the request timeout): an idle socket is a file descriptor and a few kB.
 */
export const DEFAULT_MAX_CONNECTIONS = 2048;

/** The client a socket belongs to: its source address, an IPv4 address written plainly when it came in as IPv6-mapped. */
export function readClientAddress(socket: Pick<Socket, 'remoteAddress'>): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = { take: (client: string) => RateDecision };

/**
 * A token bucket per client: `burst` requests at once, refilled at `requestsPerMinute`.
 * A client whose bucket is full again is forgotten, so the table holds only clients
 * active within the last burst's refill time.
 */
export function createRateLimiter(input: { requestsPerMinute: number; burst: number; now?: () => number }): RateLimiter {
  const now = input.now ?? (() => performance.now());
  const perMs = input.requestsPerMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastSweep = now();

  const sweep = (time: number) => {
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [client, bucket] of buckets) if (bucket.tokens + (time - bucket.at) * perMs >= input.burst) buckets.delete(client);
  };

  return {
    take(client) {
      const time = now();
      sweep(time);
      const bucket = buckets.get(client) ?? { tokens: input.burst, at: time };
      const tokens = Math.min(input.burst, bucket.tokens + (time - bucket.at) * perMs);
      if (tokens < 1) {
        buckets.set(client, { tokens, at: time });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      }
      buckets.set(client, { tokens: tokens - 1, at: time });
      return { allowed: true };
    },
  };
}

export type ClientRateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * The request rate of a client and of its address: a token bucket for each client's share,
 * and one for the address that holds `clientsPerAddress` shares. The address's bucket is
 * drawn from only for a request its client may send, so a client past its own share does
 * not use up what the others behind its address have left.
 */
export function createClientRates(limits: ClientLimits, now?: () => number): { take: (identity: ClientIdentity) => ClientRateDecision } {
  const perClient = createRateLimiter({ requestsPerMinute: limits.requestsPerMinute, burst: limits.burst, ...(now ? { now } : {}) });
  const perAddress = createRateLimiter({
    requestsPerMinute: limits.requestsPerMinute * limits.clientsPerAddress,
    burst: limits.burst * limits.clientsPerAddress,
    ...(now ? { now } : {}),
  });
  return {
    take({ client, address }) {
      const own = perClient.take(client);
      if (!own.allowed) {
        return {
          ...own,
          message: `Too many requests from this client: each client may send ${limits.requestsPerMinute} a minute (bursts of ${limits.burst}). Wait ${own.retryAfterSeconds} s (Retry-After) and send it again.`,
        };
      }
      const shared = perAddress.take(address);
      if (!shared.allowed) {
        const together = `${limits.requestsPerMinute * limits.clientsPerAddress} a minute (bursts of ${limits.burst * limits.clientsPerAddress})`;
        return {
          ...shared,
          message: `Too many requests from this address: the clients behind it (a class behind one router, say) may send ${together} together. Wait ${shared.retryAfterSeconds} s (Retry-After) and send it again.`,
        };
      }
      return { allowed: true };
    },
  };
}
