import type { Fault } from '../trace/index.ts';
import type { FaultWords } from './fault-words.ts';

/**
 * The authorization flow's failures in words: what broke, the standard that says why it
 * matters, and what to do, in the words of where it is read (`say`). A hint about the
 * built-in sandbox's failure switches is given only when the run is against the sandbox
 * (`sandbox`): a third-party server has no such switch.
 */

type Words = { say: FaultWords };
type SandboxWords = Words & { sandbox: boolean };

/** "(in the sandbox, …)", only for a run against the sandbox. */
function sandboxHint(sandbox: boolean, hint: string): string {
  return sandbox ? ` (in the sandbox, ${hint})` : '';
}

export function explainOAuthUnreachable({ url, what, say }: { url: string; what: string } & Words): Fault {
  return {
    what: `Could not reach ${url} to fetch ${what}.`,
    why: `Nothing answered: the authorization server or the MCP server is not running at that address, ${say.blocked}.`,
    fix: `Check that the server is running and that its metadata names an address this host can reach, ${say.again}.`,
  };
}

export function explainNoResourceMetadata({ serverUrl, tried, say }: { serverUrl: string; tried: string[] } & Words): Fault {
  return {
    what: `The MCP server at ${serverUrl} asks for authorization, but no protected resource metadata was found (tried ${tried.join(', ')}).`,
    why: 'RFC 9728 metadata is how an MCP client learns which authorization server to ask; without it the host cannot start the flow.',
    fix: `Give the server's token yourself as a header (${say.headers('Authorization: Bearer …')}), or ask its operator to publish the metadata (resource_metadata in WWW-Authenticate, or /.well-known/oauth-protected-resource), ${say.again}.`,
  };
}

/** The 2025-03-26 fallback was the last try: its default registration endpoint is not there either. */
export function explainNoAuthorizationFound({
  serverUrl,
  registration,
  status,
  say,
}: { serverUrl: string; registration: string; status: number | undefined } & Words): Fault {
  return {
    what: `The MCP server at ${serverUrl} asks for authorization, but publishes no metadata: no protected resource metadata, no authorization server metadata at its origin, and the registration endpoint the 2025-03-26 revision assumes (${registration}) answered HTTP ${status ?? 'none'}.`,
    why: 'RFC 9728 metadata is how an MCP client learns which authorization server to ask; the 2025-03-26 default endpoints at the server’s origin were the host’s last try.',
    fix: `Give the server's token yourself as a header (${say.headers('Authorization: Bearer …')}), or ask its operator to publish the metadata (resource_metadata in WWW-Authenticate, or /.well-known/oauth-protected-resource), ${say.again}.`,
  };
}

export function explainWrongResource({ serverUrl, resource, say, sandbox }: { serverUrl: string; resource: string } & SandboxWords): Fault {
  return {
    what: `The protected resource metadata is for “${resource}”, not for the MCP server at ${serverUrl}.`,
    why: 'RFC 9728 §3.3: the resource in the metadata must be the server the client asked about, or a token would be requested for (and sent to) the wrong server.',
    fix: `The server's metadata is misconfigured${sandboxHint(sandbox, 'the wrong-resource switch is on')}: nothing was sent to it. Fix its resource value, ${say.again}.`,
  };
}

export function explainNoAuthorizationServer({ serverUrl, say }: { serverUrl: string } & Words): Fault {
  return {
    what: `The protected resource metadata of ${serverUrl} names no authorization server.`,
    why: 'Its authorization_servers list is empty or missing, so there is nobody to ask for a token.',
    fix: `Ask the server's operator to list its authorization server, or give a token as a header (${say.headers('Authorization: Bearer …')}), ${say.again}.`,
  };
}

export function explainNoServerMetadata({ issuer, tried, say }: { issuer: string; tried: string[] } & Words): Fault {
  return {
    what: `No authorization server metadata was found for the issuer ${issuer} (tried ${tried.join(', ')}).`,
    why: 'RFC 8414 and OpenID Connect discovery are the two ways the MCP spec allows to learn the endpoints; neither answered with a metadata document.',
    fix: `Check the issuer named in the resource metadata, ${say.again}.`,
  };
}

export function explainWrongIssuer({
  expected,
  got,
  where,
  say,
  sandbox,
}: { expected: string; got: string | undefined; where: 'metadata' | 'redirect' } & SandboxWords): Fault {
  const said = got === undefined ? 'no iss at all' : `“${got}”`;
  return where === 'metadata'
    ? {
        what: `The authorization server's metadata says its issuer is ${said}, but the resource named ${expected}.`,
        why: 'RFC 8414 §3.3: the issuer in the metadata must be exactly the one the client looked up; otherwise another server could pose as it and receive the codes.',
        fix: `The server is misconfigured${sandboxHint(sandbox, 'the wrong-issuer switch is on')}: nothing was sent to it. Fix its issuer, ${say.again}.`,
      }
    : {
        what:
          got === undefined
            ? `The redirect back from the consent page carried no iss, though ${expected} says it always sends one (authorization_response_iss_parameter_supported).`
            : `The redirect back from the consent page carried ${said} as its issuer, not ${expected}.`,
        why: 'RFC 9207: an authorization response from another server than the one asked is a mix-up attack; its code must not be used.',
        fix: `The code was not exchanged. Check which authorization server answered, ${say.again}.`,
      };
}

export function explainNoPkce({ issuer, methods, say }: { issuer: string; methods: string[] | undefined } & Words): Fault {
  return {
    what: `The authorization server ${issuer} does not offer PKCE with S256 (it lists ${methods?.join(', ') || 'no code_challenge_methods_supported'}).`,
    why: 'The MCP spec requires PKCE with S256 and tells clients to stop when the metadata does not advertise it: without it a stolen code could be used by anyone.',
    fix: `Use an authorization server that supports S256, ${say.again}.`,
  };
}

export function explainNoClientIdentity({ issuer, say }: { issuer: string } & Words): Fault {
  return {
    what: `The authorization server ${issuer} offers neither Client ID Metadata Documents nor dynamic registration, and no client id was given.`,
    why: 'The server must know which client asks; with neither way open, the client needs an id registered beforehand with the server.',
    fix: `Register the explorer with that server (redirect URI as shown in the step), then give its client id (${say.clientId}), ${say.again}.`,
  };
}

export function explainRegistrationRefused({ status, error, say }: { status: number | undefined; error: string } & Words): Fault {
  return {
    what: `The authorization server refused the client registration (HTTP ${status ?? 'none'}: ${error}).`,
    why: 'Dynamic client registration (RFC 7591) is optional and servers may restrict it.',
    fix: `Register the explorer with the server by hand and give its client id (${say.clientId}), ${say.again}.`,
  };
}

export function explainStateMismatch({ say, sandbox }: SandboxWords): Fault {
  return {
    what: 'The redirect back from the consent page carried another state than the one the host sent.',
    why: 'RFC 6749 §10.12: state binds the answer to this request; an answer with another state may be forged (cross-site request forgery), so its code is not used.',
    fix: `Nothing was exchanged: the authorization starts again from the beginning. ${say.retry}${sandbox ? ' In the sandbox, turn the state-mismatch switch off first.' : ''}`,
  };
}

export function explainAuthorizationDenied({ error, description, say }: { error: string; description?: string } & Words): Fault {
  return {
    what: `The authorization server answered the authorization request with ${error}${description ? `: ${description}` : ''}.`,
    why:
      error === 'access_denied'
        ? "The user (or the server's policy) did not approve the request."
        : 'The server did not accept the request (RFC 6749 §4.1.2.1).',
    fix: `Approve the request on the consent page, or check the scopes and client, ${say.again}.`,
  };
}

export function explainNoCode({ say }: Words): Fault {
  return {
    what: 'The redirect back from the consent page carried no code.',
    why: 'An authorization response must carry a code (RFC 6749 §4.1.2); without one there is nothing to exchange.',
    fix: `The authorization starts again from the beginning. ${say.retry}`,
  };
}

export function explainConsentFailed({ reason, say }: { reason: string } & Words): Fault {
  return {
    what: `The consent step did not come back: ${reason}`,
    why: 'The host waits for the browser to be redirected to its callback with a code and this sign-in’s state; that did not happen.',
    fix: `${say.retry} Then ${say.consent}, and let the authorization server send you back.`,
  };
}

export function explainTokenRefused({
  status,
  error,
  description,
  say,
  sandbox,
}: { status: number | undefined; error: string; description?: string } & SandboxWords): Fault {
  const why =
    error === 'invalid_grant'
      ? 'invalid_grant: the code was already used or expired, its redirect URI differs, or the code_verifier does not match the code_challenge of the request (PKCE, RFC 7636 §4.6).'
      : error === 'invalid_target'
        ? 'invalid_target: the server will not issue a token for this resource (RFC 8707).'
        : `The server answered ${error} (RFC 6749 §5.2).`;
  return {
    what: `The token request was refused (HTTP ${status ?? 'none'}: ${error}${description ? `, “${description}”` : ''}).`,
    why,
    fix: `A fresh code needs the authorization again from the beginning. ${say.retry}${sandbox ? ' In the sandbox, turn the pkce-mismatch switch off first.' : ''}`,
  };
}

export function explainNotBearer({ tokenType, say }: { tokenType: string } & Words): Fault {
  return {
    what: `The token endpoint gave a token of type “${tokenType}”, not Bearer.`,
    why: 'MCP over HTTP sends the access token as a bearer token (RFC 6750); another type cannot be sent that way.',
    fix: `Configure the authorization server to issue bearer tokens for this client, ${say.again}.`,
  };
}

export function explainStillRefused({ serverUrl, status, description, say }: { serverUrl: string; status: number; description?: string } & Words): Fault {
  return {
    what: `The MCP server at ${serverUrl} still answered HTTP ${status} with the new token${description ? `: “${description}”` : '.'}`,
    why: 'The token was issued, but the server does not accept it: it was made for another resource, lacks a scope, or the server trusts another issuer.',
    fix: `Look at the token request's resource and scope and at the server's challenge, ${say.again}.`,
  };
}

/**
 * A 403 insufficient_scope with no authorization flow to answer it: the token is good, but
 * for less than this request needs. The MCP spec calls this a step-up: the flow asks again
 * for the scopes it holds and the ones the challenge names.
 */
export function explainInsufficientScope({ url, during, scopes, say }: { url: string; during: string; scopes: string[] } & Words): Fault {
  const named = scopes.length > 0 ? `the scope ${scopes.join(' ')}` : 'a scope it does not name';
  return {
    what: `The MCP server at ${url} wants a token with more scope (HTTP 403 insufficient_scope, ${during}): it asks for ${named}.`,
    why: 'The token sent is valid but does not cover this request. The MCP spec calls this a step-up: the client asks the authorization server again, for the scopes it holds and the ones the challenge names.',
    fix: `Give a token that has ${named} (${say.headers('Authorization: Bearer …')}), ${say.again}. Or ${say.authorize}: it asks for ${named} itself.`,
  };
}
