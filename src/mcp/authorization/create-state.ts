/**
 * The `state` value (RFC 6749 §10.12), from the Web Crypto API that the page, the Service
 * Worker and Node all have. The PKCE pair is the MCP SDK's (buildAuthorizationRequest); the
 * SDK makes no state, so the flow makes its own and checks it on the redirect.
 */

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** An unguessable value bound to this one authorization request: the redirect must bring it back unchanged. */
export function createState(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(24)));
}
