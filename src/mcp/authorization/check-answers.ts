import type { ServerMetadata, TokenResponse } from './oauth-schemas.ts';

/**
 * The checks a client owes each answer of the flow, as pure functions: each returns the
 * problem in a word (the lifecycle explains it) or undefined when the answer may be used.
 */

export type MetadataProblem =
  /** RFC 8414 §3.3: the issuer in the document must be the one the client asked about. */
  | { kind: 'wrong-issuer'; expected: string; got: string }
  /** The MCP spec: without S256 advertised, the client must not go on. */
  | { kind: 'no-pkce'; methods: string[] | undefined };

export function checkServerMetadata({ metadata, issuer }: { metadata: ServerMetadata; issuer: string }): MetadataProblem | undefined {
  if (metadata.issuer !== issuer) return { kind: 'wrong-issuer', expected: issuer, got: metadata.issuer };
  if (!metadata.code_challenge_methods_supported?.includes('S256')) return { kind: 'no-pkce', methods: metadata.code_challenge_methods_supported };
  return undefined;
}

export type AuthorizationParameters = { code?: string; state?: string; iss?: string; error?: string; error_description?: string };

export type RedirectProblem =
  | { kind: 'denied'; error: string; description?: string }
  | { kind: 'state-mismatch' }
  /** RFC 9207 §2.4: an `iss` that is not this server's means the answer came from another (a mix-up attack). */
  | { kind: 'wrong-issuer'; expected: string; got: string | undefined }
  | { kind: 'no-code' };

/**
 * The redirect back from the consent page, checked in the order that matters: the state
 * first (an answer to another request is not read further), then the issuer, then the code.
 * The issuer row is the MCP SDK's validateAuthorizationResponseIssuer's table; it is
 * written here as a problem to explain in a step, where the SDK throws.
 */
export function checkAuthorizationResponse({
  parameters,
  state,
  issuer,
  issRequired,
}: {
  parameters: AuthorizationParameters;
  state: string;
  issuer: string;
  /** The server said it always sends `iss` (RFC 9207 §3): a missing one is then a problem too. */
  issRequired: boolean;
}): RedirectProblem | undefined {
  if (parameters.state !== state) return { kind: 'state-mismatch' };
  if (parameters.iss !== undefined ? parameters.iss !== issuer : issRequired) return { kind: 'wrong-issuer', expected: issuer, got: parameters.iss };
  if (parameters.error !== undefined)
    return { kind: 'denied', error: parameters.error, ...(parameters.error_description ? { description: parameters.error_description } : {}) };
  if (!parameters.code) return { kind: 'no-code' };
  return undefined;
}

export type TokenProblem = { kind: 'not-bearer'; tokenType: string };

/** RFC 6750: the MCP transport sends a bearer token; any other type cannot be used as one. */
export function checkTokenResponse(tokens: TokenResponse): TokenProblem | undefined {
  if (tokens.token_type.toLowerCase() !== 'bearer') return { kind: 'not-bearer', tokenType: tokens.token_type };
  return undefined;
}

/** When the token stops working, from expires_in (RFC 6749 §5.1), in the run's clock; undefined when the server does not say. */
export function readExpiry({ tokens, now }: { tokens: TokenResponse; now: number }): number | undefined {
  return tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1000;
}

/**
 * The scopes to ask for, as the MCP spec chooses them: those the 401 or 403 named, else
 * everything the resource metadata lists, else none (the server's default).
 */
export function chooseScopes({ challenged, supported }: { challenged?: string[]; supported?: string[] }): string[] {
  if (challenged && challenged.length > 0) return challenged;
  return supported ?? [];
}
