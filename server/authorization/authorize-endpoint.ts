import { SANDBOX_SCOPES, TOOLS_SCOPE, type SandboxFault, isLoopbackHostname } from '../../src/trace/index.ts';
import { findClient } from './client-identity.ts';
import { isRegisteredRedirectUri } from './client-metadata-document.ts';
import { renderConsentPage, renderRefusalPage } from './consent-page.ts';
import { isCodeChallenge } from './pkce.ts';
import { readBoundedBody } from '../shared/index.ts';
import { describeAuthorizationServer } from './sandbox-metadata.ts';
import { SANDBOX_HEADERS } from './sandbox-responses.ts';
import { createOpaqueValue, type AuthorizationRequest, type SandboxStore } from './sandbox-store.ts';
import { describeSandboxUrls } from './sandbox-urls.ts';

/**
 * The authorization endpoint. GET checks the request and shows the consent page; the
 * page's form POSTs the learner's answer, and the answer goes back to the client's
 * registered redirect URI (with code, state and iss, or error=access_denied). The checked
 * request stays here under a random id, so the form carries nothing the server must trust.
 */

export type AuthorizeContext = {
  request: Request;
  store: SandboxStore;
  place: { origin: string; basePath: string; fault: SandboxFault | undefined };
  fetchDocument: typeof fetch;
};

const MAX_FORM_BYTES = 4096;

export async function serveAuthorize(context: AuthorizeContext): Promise<Response> {
  // The sandbox refused every other method before this (ROUTE_METHODS).
  return context.request.method === 'POST' ? answerConsent(context) : showConsent(context);
}

async function showConsent({ request, store, place, fetchDocument }: AuthorizeContext): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const clientId = query.get('client_id');
  const redirectUri = query.get('redirect_uri');
  if (!clientId) return renderRefusalPage({ status: 400, problem: 'The request has no client_id.' });
  const found = await findClient({ clientId, store, origin: place.origin, fetchDocument });
  if (!found.ok) return renderRefusalPage({ status: 400, problem: found.problem });
  if (!redirectUri || !isRegisteredRedirectUri({ registered: found.client.redirectUris, requested: redirectUri })) {
    return renderRefusalPage({
      status: 400,
      problem: `The redirect_uri ${redirectUri ?? '(none)'} is not one this client registered (${found.client.redirectUris.join(', ')}); codes go only to a registered address, compared exactly (a loopback IP's port aside, RFC 8252 §7.3).`,
    });
  }
  const state = query.get('state') ?? undefined;
  const sendBack = (error: string, description: string) =>
    isTrustedBeforeConsent({ redirectUri, place })
      ? redirectWith({ redirectUri, place, values: { error, error_description: description, state } })
      : renderRefusalPage({
          status: 400,
          problem: `The request was refused with ${error}: ${description} That is shown here, not sent to ${redirectUri}: anyone can publish a client metadata document or register a client naming any address, so the sandbox sends a browser to a client's address only once its user has seen the consent page, or to an address on this machine or this site (RFC 9700 §4.11.2).`,
        });
  if (query.get('response_type') !== 'code') return sendBack('unsupported_response_type', 'Only response_type=code (the authorization code flow) is served.');
  const codeChallenge = query.get('code_challenge') ?? '';
  if (query.get('code_challenge_method') !== 'S256' || !isCodeChallenge(codeChallenge))
    return sendBack('invalid_request', 'PKCE is required: code_challenge (a base64url SHA-256 of the verifier) with code_challenge_method=S256.');
  const expectedResource = describeSandboxUrls(place).resource;
  const resource = query.get('resource');
  if (resource !== expectedResource)
    return sendBack(
      'invalid_target',
      `The resource indicator (RFC 8707) must name the protected endpoint, ${expectedResource}; it was ${resource ?? 'missing'}.`,
    );
  const scopes = (query.get('scope') ?? TOOLS_SCOPE).split(' ').filter((scope) => scope !== '');
  const unknown = scopes.filter((scope) => !(SANDBOX_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) return sendBack('invalid_scope', `Unknown scope ${unknown.join(' ')}; this server knows ${SANDBOX_SCOPES.join(' ')}.`);
  const pending: AuthorizationRequest = {
    fault: place.fault,
    clientId,
    clientName: found.client.clientName,
    redirectUri,
    state,
    codeChallenge,
    resource,
    scopes,
  };
  const consentId = createOpaqueValue();
  store.consents.set(consentId, pending, store.limits.consentLifetimeMs);
  return renderConsentPage({ consentId, request: pending, formPath: describeSandboxUrls(place).authorizationEndpoint });
}

async function answerConsent({ request, store, place }: AuthorizeContext): Promise<Response> {
  const body = await readBoundedBody(request, MAX_FORM_BYTES);
  const form = new URLSearchParams(body.kind === 'text' ? body.text : '');
  const consentId = form.get('consent') ?? '';
  const pending = store.consents.get(consentId);
  // One answer per consent page: a second POST of the same form finds nothing.
  store.consents.delete(consentId);
  if (!pending || pending.fault !== place.fault)
    return renderRefusalPage({ status: 400, problem: 'This consent page is unknown or has expired (each lasts 10 minutes and takes one answer).' });
  const decision = form.get('decision');
  if (decision !== 'approve')
    return redirectWith({
      redirectUri: pending.redirectUri,
      place,
      values: { error: 'access_denied', error_description: 'The user denied the request on the consent page.', state: pending.state },
    });
  const code = createOpaqueValue();
  store.codes.set(
    code,
    {
      fault: pending.fault,
      clientId: pending.clientId,
      resource: pending.resource,
      scopes: pending.scopes,
      redirectUri: pending.redirectUri,
      // pkce-mismatch: the challenge kept is not the one the client sent, as if it had been altered on the way, so the real check fails.
      codeChallenge: pending.fault === 'pkce-mismatch' ? alterChallenge(pending.codeChallenge) : pending.codeChallenge,
    },
    store.limits.codeLifetimeMs,
  );
  // state-mismatch: the redirect carries a state the client never sent, which it must refuse.
  const state = pending.fault === 'state-mismatch' ? `${pending.state ?? ''}-not-yours` : pending.state;
  return redirectWith({ redirectUri: pending.redirectUri, place, values: { code, state } });
}

/**
 * Whether an error found before the consent page may go back to the client's redirect URI: only to this machine
 * (a native client's loopback listener, RFC 8252 §7.3) or this site (the explorer's callback page). Any other
 * address the client registered, which anyone may do, would make the sandbox an open redirector to a phishing page.
 */
function isTrustedBeforeConsent({ redirectUri, place }: { redirectUri: string; place: AuthorizeContext['place'] }): boolean {
  const url = new URL(redirectUri);
  return url.origin === place.origin || isLoopbackHostname(url.hostname);
}

function alterChallenge(challenge: string): string {
  return `${challenge.slice(0, -1)}${challenge.endsWith('A') ? 'B' : 'A'}`;
}

/** The redirect back to the client, with iss (RFC 9207) so a client can tell which server answered. */
function redirectWith({
  redirectUri,
  place,
  values,
}: {
  redirectUri: string;
  place: AuthorizeContext['place'];
  values: Record<string, string | undefined>;
}): Response {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) target.searchParams.set(name, value);
  target.searchParams.set('iss', describeAuthorizationServer(place).issuer);
  return new Response(null, { status: 302, headers: { ...SANDBOX_HEADERS, location: target.href, 'referrer-policy': 'no-referrer' } });
}
