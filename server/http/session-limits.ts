import { createJsonRpcErrorResponse } from './json-rpc-errors.ts';

/**
 * The live-session limits of the whole server, shared by every session endpoint
 * (/mcp/sessions, /mcp/toolbox's sessions, /mcp/conformance): a cap on them all together,
 * and, where the server tells clients apart, a share for each client and for each
 * address. Each endpoint keeps its own sessions (an id is good on its endpoint only) and
 * shows them to these limits, which count across all of them: a cap per endpoint would
 * let three endpoints hold three times what the server promises.
 */

/** Whom a request is counted against: its client (a browser's id, or its address's own client) and its source address. */
export type ClientIdentity = { client: string; address: string };

/** A session as the limits count it: who started it, and when its idle timer last started (Date.now()). */
export type CountedSession = { client: ClientIdentity | undefined; lastActiveAt: number };

export type SessionLimitOptions = {
  /** Live sessions at most, on every endpoint together; one more initialize gets 503. */
  maxSessions: number;
  /** A session with no request for this long is closed. */
  idleTimeoutMs: number;
  /** Live sessions one client may hold (clients as the Node listener tells them apart); one more initialize gets 429. */
  maxSessionsPerClient?: number;
  /** Live sessions all the clients behind one address may hold together; one more initialize gets 429. */
  maxSessionsPerAddress?: number;
};

export type SessionLimits = {
  idleTimeoutMs: number;
  /** An endpoint's sessions join the count: those it serves, and those it has forgotten whose last answer still streams. */
  join: (endpoint: { live: ReadonlyMap<string, CountedSession>; retiring: ReadonlySet<unknown> }) => void;
  /** Live sessions on every endpoint, those still streaming a last answer included. */
  countSessions: () => number;
  /**
   * Whether an initialize from this client may start a session: the refusal (429 past its
   * share or its address's, 503 past the cap), or `done` to call once it has made its
   * session or none. Until then it counts, so that a burst of them cannot pass a cap together.
   */
  admit: (client: ClientIdentity | undefined, body: unknown) => { refusal: Response } | { done: () => void };
};

type Share = { key: string; cap: number | undefined; holds: (session: CountedSession) => boolean; says: (cap: number) => string };

export function createSessionLimits(options: SessionLimitOptions): SessionLimits {
  const endpoints: { live: ReadonlyMap<string, CountedSession>; retiring: ReadonlySet<unknown> }[] = [];
  let starting = 0;
  /** Initializes under way, by share (`client …`, `address …`). */
  const startingByShare = new Map<string, number>();
  const listLive = () => endpoints.flatMap((endpoint) => [...endpoint.live.values()]);
  const waitWords = `End one with DELETE, or wait until one has been idle for ${describeDuration(options.idleTimeoutMs)} and expires.`;

  /** The caps a client's initialize must fit: its own share, and its address's. */
  function listShares(identity: ClientIdentity): Share[] {
    return [
      {
        key: `client ${identity.client}`,
        cap: options.maxSessionsPerClient,
        holds: (session) => session.client?.client === identity.client,
        says: (cap) => `Too many live sessions from this client: each client may hold at most ${cap} at once.`,
      },
      {
        key: `address ${identity.address}`,
        cap: options.maxSessionsPerAddress,
        holds: (session) => session.client?.address === identity.address,
        says: (cap) => `Too many live sessions from this address: the clients behind it (a class behind one router, say) may hold at most ${cap} together.`,
      },
    ];
  }

  /** 429 when this client, or its address, already holds its share of the sessions, with Retry-After: when its least recently used one expires. */
  function findClientCapRefusal(identity: ClientIdentity | undefined, body: unknown): Response | undefined {
    if (identity === undefined) return undefined;
    for (const { key, cap, holds, says } of listShares(identity)) {
      if (cap === undefined) continue;
      const own = listLive().filter(holds);
      if (own.length + (startingByShare.get(key) ?? 0) < cap) continue;
      const soonest = Math.min(...own.map((session) => session.lastActiveAt + options.idleTimeoutMs));
      const retryAfterSeconds = Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - Date.now()) / 1000)) : 1;
      return createJsonRpcErrorResponse(429, -32000, `${says(cap)} ${waitWords}`, body, { 'retry-after': String(retryAfterSeconds) });
    }
    return undefined;
  }

  function findCapRefusal(body: unknown): Response | undefined {
    const live = endpoints.reduce((sum, endpoint) => sum + endpoint.live.size, 0);
    if (live + starting < options.maxSessions) return undefined;
    return createJsonRpcErrorResponse(503, -32000, `Too many live sessions: this server keeps at most ${options.maxSessions} at once. ${waitWords}`, body);
  }

  return {
    idleTimeoutMs: options.idleTimeoutMs,
    join: (endpoint) => void endpoints.push(endpoint),
    countSessions: () => endpoints.reduce((sum, endpoint) => sum + endpoint.live.size + endpoint.retiring.size, 0),
    admit(client, body) {
      const refusal = findClientCapRefusal(client, body) ?? findCapRefusal(body);
      if (refusal) return { refusal };
      starting += 1;
      const shareKeys = client === undefined ? [] : listShares(client).map((share) => share.key);
      for (const key of shareKeys) startingByShare.set(key, (startingByShare.get(key) ?? 0) + 1);
      return {
        done: () => {
          starting -= 1;
          for (const key of shareKeys) {
            const left = (startingByShare.get(key) ?? 1) - 1;
            if (left > 0) startingByShare.set(key, left);
            else startingByShare.delete(key);
          }
        },
      };
    },
  };
}

function describeDuration(milliseconds: number): string {
  if (milliseconds % 60_000 === 0) return `${milliseconds / 60_000} minute${milliseconds === 60_000 ? '' : 's'}`;
  return `${Math.round(milliseconds / 1000)} seconds`;
}
