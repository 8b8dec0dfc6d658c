import type { RedirectStop } from './exchange-bounds.ts';

/** 304 says "use your cached copy", not "go elsewhere"; every other 3xx with a Location moves the request. */
const NOT_A_MOVE = 304;

/**
 * The redirect an answer asks for, when it asks for one: where it points (resolved against
 * the request's URL, secrets redacted) and whether that is the same origin. A browser's
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
  let target: URL | undefined;
  try {
    target = new URL(location, requestUrl);
  } catch {
    target = undefined;
  }
  if (!target) return { kind: 'redirect', status: response.status, location: redactUrl(location), sameOrigin: undefined };
  return { kind: 'redirect', status: response.status, location: redactUrl(target.href), sameOrigin: target.origin === new URL(requestUrl).origin };
}
