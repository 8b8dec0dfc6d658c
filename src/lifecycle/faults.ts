import { InsufficientScopeError, SdkHttpError } from '@modelcontextprotocol/client';
import type { Fault, Phase } from '../trace/index.ts';
import { findInvalidHeader } from '../trace/index.ts';
import { InvalidHeaderError } from '../mcp/index.ts';
import { explainInsufficientScope } from './authorization-faults.ts';
import type { RateLimitGiveUp } from './mcp-rate-limit.ts';
import { describeWait } from './retry-after.ts';
import type { FaultWords } from './fault-words.ts';
import { RATE_LIMIT_RETRIES, RETRY_AFTER_MAX_MS } from './timeouts.ts';

/**
 * A failure the host can explain: what happened, why it probably happened, and what
 * to do. The run ends with a step that carries it; the steps before it stay.
 */
export class HostFault extends Error {
  readonly fault: Fault;
  readonly phase: Phase | undefined;
  /** The other side refused with 429, and how long its Retry-After asked the host to wait, when it said. */
  readonly rateLimit: { waitMs: number | undefined } | undefined;
  constructor(fault: Fault, phase?: Phase, { rateLimit }: { rateLimit?: { waitMs: number | undefined } } = {}) {
    super(fault.what);
    this.name = 'HostFault';
    this.fault = fault;
    this.phase = phase;
    this.rateLimit = rateLimit;
  }
}

export class RunAborted extends Error {
  constructor() {
    super('The run was stopped.');
    this.name = 'RunAborted';
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The name of an error, or of anything thrown that carries one (a DOMException, a ZodError). */
function errorName(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
}

/** The HTTP status the MCP server answered with, when the SDK's transport failed on one. */
export function readHttpStatus(error: unknown): number | undefined {
  return error instanceof SdkHttpError ? error.status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  const text = errorText(error);
  return (
    error instanceof TypeError ||
    /fetch failed|failed to fetch|networkerror|load failed|econnrefused|enotfound|network/i.test(text) ||
    (error instanceof Error && error.cause instanceof Error)
  );
}

export function isTimeout(error: unknown): boolean {
  return errorName(error) === 'TimeoutError' || /timed? ?out/i.test(errorText(error));
}

/** What the host saw of the failed exchange, beyond the SDK's error. */
export type McpFailureEvidence = {
  /** The WWW-Authenticate header of a 401 answer. */
  challenge?: string;
  /** Whether the host sent an Authorization header (the learner gave one). */
  sentAuthorization?: boolean;
  /** The headers the learner gave for the server, to tell a header fetch refused from a network failure. */
  headers?: Record<string, string>;
};

/**
 * A header the request could not carry: the recorder's own finding, or one of the
 * learner's headers behind the TypeError fetch's Headers throws (the same class as a
 * network failure's, and with no header named in it).
 */
export function findHeaderFault(error: unknown, headers: Record<string, string> | undefined): { header: string; problem: string } | undefined {
  if (error instanceof InvalidHeaderError) return { header: error.header, problem: error.problem };
  if (!(error instanceof TypeError) || headers === undefined) return undefined;
  const invalid = findInvalidHeader(Object.entries(headers));
  return invalid ? { header: invalid.name, problem: invalid.problem } : undefined;
}

/** Nothing was sent: a header stopped the request before it left, so this says nothing about the other side. */
export function explainInvalidHeader({ to, header, problem, fix }: { to: string; header: string; problem: string; fix: string }): Fault {
  return {
    what: `The request to ${to} was not sent: the header ${header} ${problem}.`,
    why: 'A header HTTP cannot carry stops a request before it leaves this machine, so nothing reached the other side: it is not a network failure.',
    fix,
  };
}

/** Explains why talking to the MCP server failed, from the error the SDK raised. */
export function explainMcpFailure(error: unknown, url: string, during: string, say: FaultWords, evidence: McpFailureEvidence = {}): Fault {
  const status = readHttpStatus(error);
  const detail = errorText(error);
  if (isTimeout(error)) {
    return {
      what: `The MCP server at ${url} did not answer ${during} in time.`,
      why: 'It may be overloaded, stuck in a tool, or the connection was cut.',
      fix: `Check that the server is still running, ${say.again}.`,
    };
  }
  if (status === 404) {
    return {
      what: `There is no MCP endpoint at ${url} (HTTP 404, ${during}).`,
      why: 'The server answered, but not at this path.',
      fix: `Check that ${say.serverUrl} ends with the server's MCP path (the built-in server's is /mcp), ${say.again}.`,
    };
  }
  // Without an auth provider the SDK reads a 403 insufficient_scope into its own error, with no status.
  if (error instanceof InsufficientScopeError)
    return explainInsufficientScope({ url, during, scopes: error.requiredScope?.split(/\s+/).filter(Boolean) ?? [], say });
  if (status === 403) {
    return {
      what: `The MCP server at ${url} refused the request (HTTP 403, ${during}).`,
      why: 'It understood the request and will not answer it: the credentials sent do not allow it, or the server checks where requests come from (the Host and Origin headers, against DNS rebinding) and this one is not on its list.',
      fix: `Check the credentials you gave (${say.headers()}) and which hosts the server allows, ${say.again}.`,
    };
  }
  if (status === 401) return explainAuthorizationRequired({ url, during, say, ...evidence });
  if (status !== undefined) {
    return {
      what: `The MCP server at ${url} answered ${during} with HTTP ${status}.`,
      why: `It did not accept the request: ${detail}`,
      fix: `Check that ${say.serverUrl} points to a Streamable HTTP MCP server, ${say.again}.`,
    };
  }
  const headerFault = findHeaderFault(error, evidence.headers);
  if (headerFault) {
    return explainInvalidHeader({
      to: `the MCP server at ${url} (${during})`,
      ...headerFault,
      fix: `Correct that header where it was given (${say.headers()}), ${say.again}.`,
    });
  }
  if (isNetworkFailure(error)) return explainUnreachable({ url, during, say });
  if (isNotJson(error)) {
    return {
      what: `The MCP server at ${url} answered ${during}, but its answer is not whole JSON.`,
      why: `The body could not be parsed (${shorten(detail, 120)}): the answer was cut short, or the address does not point to an MCP endpoint.`,
      fix: `Look at the response (${say.httpView}), check that the server is still running and that ${say.serverUrl} is its MCP endpoint, ${say.again}.`,
    };
  }
  if (isNotJsonRpc(error)) {
    return {
      what: `The server at ${url} answered ${during}, but not in MCP.`,
      why: 'Its answer is not a JSON-RPC message the MCP client can read: the address probably points to something other than an MCP endpoint.',
      fix: `Check that ${say.serverUrl} is the server's MCP endpoint (the built-in one is /mcp), ${say.again}.`,
    };
  }
  return {
    what: `Talking to the MCP server at ${url} failed ${during}.`,
    why: shorten(detail, 300),
    fix: `Check that ${say.serverUrl} points to an MCP server speaking Streamable HTTP, ${say.again}.`,
  };
}

/**
 * Nothing answered the request: told the same way whatever the SDK made of it (in a
 * browser a CORS block reaches the SDK as an opaque TypeError, which its version
 * negotiation reads as no 2026-07-28 offer), from the fact the recorder holds: no status.
 */
export function explainUnreachable({ url, during, say }: { url: string; during: string; say: FaultWords }): Fault {
  return {
    what: `Could not reach the MCP server at ${url} (${during}).`,
    why: `Nothing answered: the server is not running, the address is wrong, ${say.blocked}.`,
    fix: `Start the server (npm start runs the built-in one), check ${say.serverUrl}, ${say.again}.`,
  };
}

/**
 * The Auto era tried 2026-07-28 and the server answered server/discover with something
 * that is neither a 2026-07-28 answer nor a sign of an older era: no fallback, and the
 * words are Auto's, never the pinned attempt's.
 */
export function explainAutoProbeUnread({ url, answered, say }: { url: string; answered: string; say: FaultWords }): Fault {
  return {
    what: `The MCP server at ${url} answered server/discover (${shorten(answered, 240)}), but the host can read that neither as 2026-07-28 nor as an older era's refusal.`,
    why: 'The Auto era falls back to 2025-11-25 only on an answer that says the server speaks an older era (an HTTP 400, 404 or 405, a JSON-RPC error, a result that is no server/discover answer, a stdio program that closes the connection); this one says neither.',
    fix: `Look at the server/discover answer (${say.httpView}). If the server speaks 2025-11-25: ${say.era(['2025-11-25'])}.`,
  };
}

/**
 * A 401: the server wants credentials. The challenge (WWW-Authenticate) is shown as the
 * server wrote it, shortened; it says which scheme the server expects. The way in today
 * is a header the learner gives; this is also where the authorization flow (OAuth, from
 * the challenge's resource_metadata) will start once the explorer has one.
 */
export function explainAuthorizationRequired({
  url,
  during,
  challenge,
  sentAuthorization = false,
  say,
}: { url: string; during: string; say: FaultWords } & McpFailureEvidence): Fault {
  const said = challenge
    ? ` It answered WWW-Authenticate: ${shorten(challenge, 300)}`
    : ' It sent no WWW-Authenticate header to say which credentials it wants.';
  return {
    what: `The MCP server at ${url} wants authorization (HTTP 401, ${during}).${said}`,
    why: sentAuthorization
      ? 'The host sent the Authorization header you gave, and the server refused it: the token is wrong, expired, or meant for another server.'
      : 'The server requires credentials (usually a token), and the host sent none.',
    fix: `Give the server its credentials as a header (${say.headers('Authorization: Bearer …')}), ${say.again}. Or ${say.authorize}.`,
  };
}

/** A 2026-07-28 pinned by the learner, and the server speaks an older era: the way out is the Auto era or 2025-11-25. */
export function explainPinnedEraRefused({ url, reason, say }: { url: string; reason: string; say: FaultWords }): Fault {
  return {
    what: `The MCP server at ${url} does not speak the 2026-07-28 era that was chosen.`,
    why: `${reason} The era is pinned, so the host does not fall back on its own.`,
    fix: `${say.era(['auto', '2025-11-25'])}: Auto tries 2026-07-28 and falls back to 2025-11-25 in the open.`,
  };
}

/** A user name or password in the server's URL: refused before anything is sent, with the way to send credentials instead. */
export function explainUrlCredentials({ url, say }: { url: string; say: FaultWords }): Fault {
  return {
    what: `The MCP server address ${url} holds a user name or password.`,
    why: 'A URL is shown, logged, stored and shared everywhere, and fetch refuses to send one with credentials in it. The explorer keeps credentials out of URLs.',
    fix: `Remove the user name and password from the URL and send them as a header instead (${say.headers('Authorization: Basic …')}), ${say.again}.`,
  };
}

/** The SDK parses a JSON answer with JSON.parse: a truncated or non-JSON body fails there, with a SyntaxError. */
function isNotJson(error: unknown): boolean {
  return error instanceof SyntaxError || errorName(error) === 'SyntaxError';
}

/** The SDK validates every message it receives; a body that is JSON but not JSON-RPC fails there. */
function isNotJsonRpc(error: unknown): boolean {
  const text = errorText(error);
  return errorName(error) === 'ZodError' || /invalid_union|invalid_type|"jsonrpc"|Unexpected content type/i.test(text);
}

export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The fault for an MCP server that refused a request with 429: how long it asked to wait, when it said. */
export function explainMcpRateLimit({
  url,
  during,
  waitMs,
  sent = 1,
  reason = 'no-retry-after',
  say,
}: {
  url: string;
  during: string;
  waitMs: number | undefined;
  sent?: number;
  reason?: RateLimitGiveUp['reason'];
  say: FaultWords;
}): Fault {
  const wait = waitMs === undefined ? '' : `: it asks to wait ${describeWait(waitMs)} (Retry-After)`;
  const tries = sent > 1 ? ` The host waited as asked and sent the request ${sent} times; each was refused.` : '';
  const why = {
    'no-retry-after': 'It did not say how long to wait (no readable Retry-After), so the host does not guess.',
    'too-long': `That is longer than the ${describeWait(RETRY_AFTER_MAX_MS)} the host waits for a server while you watch.`,
    'retries-spent': `The host sends a refused request again at most ${RATE_LIMIT_RETRIES} times.`,
  }[reason];
  return {
    what: `The MCP server at ${url} is limiting requests (HTTP 429, ${during})${wait}.${tries}`,
    why: `${why} This client sent too many requests or holds too many sessions for the server (the built-in server limits each client address when it is served beyond this machine).`,
    fix: `${waitMs === undefined ? 'Wait a moment' : `Wait ${describeWait(waitMs)}`}, close other tabs or scripts that use the same server, ${say.again}.`,
  };
}
