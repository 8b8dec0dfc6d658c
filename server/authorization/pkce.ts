import { encodeBase64Url } from './sandbox-store.ts';

/**
 * PKCE with S256 only (RFC 7636 §4.6; OAuth 2.1 and the MCP spec require it): the token
 * request's code_verifier, hashed, must equal the code_challenge the authorization request
 * carried. "plain" would send the secret itself through the browser, so it is refused.
 */

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A base64url SHA-256: 43 characters, no padding. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

export function isCodeChallenge(challenge: string): boolean {
  return CHALLENGE_PATTERN.test(challenge);
}

export async function computeCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return encodeBase64Url(new Uint8Array(digest));
}

export async function matchesCodeChallenge({ verifier, challenge }: { verifier: string; challenge: string }): Promise<boolean> {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  return (await computeCodeChallenge(verifier)) === challenge;
}
