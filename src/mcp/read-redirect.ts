import { passUrlGate } from '../trace/index.ts';
import type { RedirectStop } from './exchange-bounds.ts';

/** 304 says "use your cached copy", not "go elsewhere"; every other 3xx with a Location moves the request. */
const NOT_A_MOVE = 304;

/**
 * The redirect an answer asks for, when it asks for one: where it points (resolved against
 * the request's URL, secrets redacted), whether that is the same origin, and what the URL
 * gate found when the target is no address to name (javascript:, file:, a user name). A browser's
 * manual redirect is opaque (type "opaqueredirect", status 0, no Location), so there the
 * target is unknown.
 */
export function readRedirect({
  response,
  requestUrl,
  redactUrl,
}: {
  response: Response;
  requestUrl: string;
  redactUrl: (url: string) => string;
}): RedirectStop | undefined {
  if (response.type === 'opaqueredirect') return { kind: 'redirect', status: response.status, location: undefined, sameOrigin: undefined };
  if (response.status < 300 || response.status > 399 || response.status === NOT_A_MOVE) return undefined;
  const location = response.headers.get('location');
  if (location === null) return undefined;
  // The host follows no redirect, but it names the target as the address to use: only one the URL gate passes is named so.
  // Plain http to the request's own origin is no step down from the request itself.
  const requestOrigin = new URL(requestUrl).origin;
  const gated = passUrlGate({ text: location, base: requestUrl, httpOrigins: [requestOrigin] });
  if (!gated.ok) return { kind: 'redirect', status: response.status, location: redactUrl(location), sameOrigin: undefined, refused: gated.reason };
  return { kind: 'redirect', status: response.status, location: redactUrl(gated.url), sameOrigin: new URL(gated.url).origin === requestOrigin };
}
