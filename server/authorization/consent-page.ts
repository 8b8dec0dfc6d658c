import type { AuthorizationRequest } from './sandbox-store.ts';
import { SANDBOX_HEADERS } from './sandbox-responses.ts';
import { escapeMarkup } from '../../src/trace/index.ts';

/**
 * The consent page: plain HTML with no script at all, under a CSP that allows nothing but
 * its own style and a form that posts back here (and may be redirected to the client's
 * registered redirect URI). Every value a client chose (its name, its id, its redirect URI,
 * the state) is escaped before it is written, so a hostile client_name is shown as text.
 */

export const CONSENT_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2937}dt{font-weight:600;margin-top:.5rem}dd{margin:0;overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:14px}.note{background:#fef3c7;padding:.5rem .75rem;border-radius:.375rem}button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem}';
/** The CSP hash of CONSENT_STYLE (consent-page.test.ts recomputes it, so the two cannot drift apart). */
export const CONSENT_STYLE_HASH = 'sha256-vIx1tPq/X49HjeJPIpoZdV3wvvvWKVLdXaitazy02oY=';

/** Where the form may go: back here, and on to the redirect URI's origin (browsers apply form-action to the redirect too). */
function describeFormAction(redirectUri: string): string {
  const url = new URL(redirectUri);
  // A CSP host-source cannot spell an IPv6 literal: the scheme is the narrowest source that covers it.
  return url.hostname.startsWith('[') ? url.protocol : url.origin;
}

export function writeSecurityHeaders(formAction: string | undefined): Record<string, string> {
  return {
    ...SANDBOX_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src '${CONSENT_STYLE_HASH}'; form-action 'self'${formAction ? ` ${formAction}` : ''}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: under no-referrer a browser sends the form's POST with Origin: null, which the app's origin guard refuses (403).
    'referrer-policy': 'same-origin',
  };
}

function writeDocument(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeMarkup(title)}</title><style>${CONSENT_STYLE}</style></head><body>${body}</body></html>`;
}

export function renderConsentPage({ consentId, request, formPath }: { consentId: string; request: AuthorizationRequest; formPath: string }): Response {
  const name = request.clientName ?? request.clientId;
  const fault = request.fault
    ? `<p class="note">Failure switch on: <strong>${escapeMarkup(request.fault)}</strong>. This flow breaks one check on purpose.</p>`
    : '';
  const body = `<h1>Authorize ${escapeMarkup(name)}?</h1>
<p class="note">This is the MCP Lifecycle Explorer's built-in authorization sandbox: no account, and its codes and tokens guard nothing but the sandbox, so the explorer may show them.</p>${fault}
<dl><dt>Client</dt><dd>${escapeMarkup(name)}</dd><dt>client_id</dt><dd>${escapeMarkup(request.clientId)}</dd><dt>Sends you back to</dt><dd>${escapeMarkup(request.redirectUri)}</dd><dt>For the resource</dt><dd>${escapeMarkup(request.resource)}</dd><dt>Scopes</dt><dd>${escapeMarkup(request.scopes.join(' '))}</dd></dl>
<form method="post" action="${escapeMarkup(formPath)}"><input type="hidden" name="consent" value="${escapeMarkup(consentId)}"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny">Deny</button></form>`;
  return new Response(writeDocument(`Authorize ${name}?`, body), { status: 200, headers: writeSecurityHeaders(describeFormAction(request.redirectUri)) });
}

/** An authorization request that cannot be sent back to the client (RFC 6749 §4.1.2.1: an unknown client or redirect URI gets no redirect). */
export function renderRefusalPage({ status, problem }: { status: number; problem: string }): Response {
  const body = `<h1>This authorization request cannot go on</h1><p>${escapeMarkup(problem)}</p><p>Nothing was sent back to the client, because the server cannot be sure the address it gave is the client's. Start the flow again from the app.</p>`;
  return new Response(writeDocument('Authorization refused', body), { status, headers: writeSecurityHeaders(undefined) });
}
