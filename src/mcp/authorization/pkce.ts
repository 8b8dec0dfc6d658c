/**
 * PKCE with S256 (RFC 7636 §4) and the `state` value (RFC 6749 §10.12), from the Web
 * Crypto API that the page, the Service Worker and Node all have.
 */

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url: 43 characters of the unreserved set, as RFC 7636 §4.1 recommends. */
export function createCodeVerifier(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 §4.2. */
export async function computeCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return encodeBase64Url(new Uint8Array(digest));
}

/** An unguessable value bound to this one authorization request: the redirect must bring it back unchanged. */
export function createState(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(24)));
}
