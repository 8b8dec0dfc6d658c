import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/client';

/**
 * A machine client's proof of identity at the token endpoint by private_key_jwt (RFC 7523
 * §2.2, the MCP client credentials extension's recommended method): a JWT whose iss and
 * sub are the client id and whose aud is the authorization server's issuer, signed with
 * the client's private key. Signed by the MCP SDK's createPrivateKeyJwtAuth (jose, Web
 * Crypto, so it runs in the page too), which writes the assertion into the token
 * request's form; the flow reads it back to send the form itself (buildTokenRequest says
 * why) and to show the claims in the token step. The assertion is a credential until it
 * expires (300 s), so the flow makes it a run secret.
 */

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A PKCS#8 PEM private key and the JWS algorithm it signs with (ES256, RS256, …). */
export type ClientPrivateKey = { pem: string; algorithm: string };

export async function signClientAssertion({
  clientId,
  privateKey,
  audience,
  tokenEndpoint,
}: {
  clientId: string;
  privateKey: ClientPrivateKey;
  audience: string;
  tokenEndpoint: string;
}): Promise<string> {
  const form = new URLSearchParams();
  const addAuthentication = createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: privateKey.pem, alg: privateKey.algorithm, audience });
  await addAuthentication(new Headers(), form, tokenEndpoint);
  const assertion = form.get('client_assertion');
  if (!assertion) throw new Error('the MCP SDK signed no client assertion');
  return assertion;
}

/** The claims of a JWT, read (not verified) to show in a step: the header and payload are not secret, the signature is. */
export function readAssertionClaims(assertion: string): unknown {
  const payload = assertion.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
