import { buildIdJagRequest, OAuthErrorSchema } from '../mcp/index.ts';
import { z } from 'zod';
import * as faults from './authorization-faults.ts';
import { recordOAuthStep, registerSecrets, sendOAuthRequest } from './authorization-exchange.ts';
import { fail, words, type AuthorizationContext } from './authorization-token.ts';
import type { AuthorizationSettings } from './run-context.ts';
import { gateUrlOrStop } from './url-refusal.ts';

/**
 * Enterprise-managed authorization (SEP-990, "cross-app access"): the user signed in
 * once at the enterprise's identity provider, which the MCP server's authorization server
 * trusts. The client exchanges the user's ID token at the IdP for an ID-JAG (RFC 8693
 * token exchange), then presents it to the authorization server as a jwt-bearer grant
 * (RFC 7523), with no consent page. This file is the first exchange; the second is a token
 * request like the others (authorization-token.ts).
 */

export type EnterpriseGrant = NonNullable<NonNullable<AuthorizationSettings['machineClient']>['enterprise']>;

/** The IdP's answer (RFC 8693 §2.2.1): the ID-JAG is in access_token, its type named. */
const IdJagResponseSchema = z.looseObject({ access_token: z.string().min(1), issued_token_type: z.string().optional(), token_type: z.string().optional() });
const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

const NOTE =
  'Enterprise-managed authorization (SEP-990): the user signed in once at the enterprise’s identity provider; the client trades that sign-in (the ID token) for an ID-JAG, a grant for this authorization server and this MCP server only, and no consent page is shown.';

export async function obtainIdJag(
  context: AuthorizationContext,
  { enterprise, issuer, resource, scopes }: { enterprise: EnterpriseGrant; issuer: string; resource: string; scopes: string[] },
): Promise<string> {
  registerSecrets(context, [enterprise.idToken]);
  const url = gateUrlOrStop(context, {
    text: enterprise.idpTokenEndpoint,
    source: { field: 'the IdP token endpoint', document: 'the enterprise authorization settings' },
  });
  const request = buildIdJagRequest({
    idToken: enterprise.idToken,
    audience: issuer,
    resource,
    scopes,
    ...(enterprise.idpClientId !== undefined ? { idpClientId: enterprise.idpClientId } : {}),
  });
  const sent = Object.fromEntries(new URLSearchParams(request.body));
  const answer = await sendOAuthRequest(context, {
    id: 'auth.token-exchange',
    request: { url, method: 'POST', headers: request.headers, body: request.body },
    describe: sent,
    what: "the identity provider's token endpoint",
  });
  const parsed = answer.status === 200 ? IdJagResponseSchema.safeParse(answer.json) : undefined;
  if (parsed?.success) registerSecrets(context, [parsed.data.access_token]);
  const checked = parsed?.success
    ? { issued_token_type: parsed.data.issued_token_type === ID_JAG_TYPE ? 'an ID-JAG' : `not an ID-JAG (${parsed.data.issued_token_type ?? 'not named'})` }
    : undefined;
  recordOAuthStep(context, 'auth.token-exchange', {
    payload: { sent, answer: answer.json ?? { status: answer.status }, ...(checked ? { checked } : {}) },
    http: answer.http,
    note: NOTE,
  });
  if (!parsed?.success || parsed.data.issued_token_type !== ID_JAG_TYPE) {
    const error = OAuthErrorSchema.safeParse(answer.json);
    const said = error.success
      ? error.data.error
      : parsed?.success
        ? `issued_token_type ${parsed.data.issued_token_type ?? 'missing'}, not an ID-JAG`
        : 'no ID-JAG in the answer';
    throw fail(
      context,
      faults.explainTokenRefused({
        ...words(context),
        status: answer.status,
        error: said,
        ...(error.success && error.data.error_description ? { description: error.data.error_description } : {}),
      }),
    );
  }
  return parsed.data.access_token;
}
