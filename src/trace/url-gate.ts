/**
 * The one gate for every URL that comes from outside the explorer: a server, a provider, a
 * view, a metadata document, a redirect, an imported trace. Nothing opens, fetches, frames or
 * links such a URL before it has passed here, and what passes is the parser's own `href`,
 * never the text as it came: a browser strips leading spaces and control characters before
 * it reads the scheme, so `" javascript:…"` and `"java\tscript:…"` are script to it.
 *
 * A URL that passes has the type `GatedUrl`; the few functions that open or navigate take
 * only that type, so a path that skips the gate does not compile.
 */

export type GatedUrl = string & { readonly passedUrlGate: unique symbol };

export type UrlRefusal = 'empty' | 'too-long' | 'control-characters' | 'surrounding-space' | 'unparseable' | 'scheme' | 'insecure-http' | 'credentials';

export type UrlGateResult = { ok: true; url: GatedUrl } | { ok: false; refusal: UrlRefusal; reason: string };

/** Longer than any real endpoint or consent URL; a bound so a hostile value cannot be megabytes of link. */
export const MAX_GATED_URL_LENGTH = 8192;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** localhost, *.localhost (RFC 6761 §6.3), 127.0.0.0/8 and ::1: only this machine answers. */
export function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (bare === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function refuse(refusal: UrlRefusal, reason: string): UrlGateResult {
  return { ok: false, refusal, reason };
}

/**
 * Checks one URL. `base` resolves a relative one (a redirect's `Location`), and only then is
 * a relative URL accepted. Plain http is allowed to loopback, as the MCP authorization spec
 * and RFC 8252 allow, and to the origins in `httpOrigins`: those the learner chose to speak
 * to over http themselves (the explorer's own origin, the server they named), where a URL of
 * the same origin adds nothing they had not already trusted.
 */
export function passUrlGate({ text, base, httpOrigins = [] }: { text: unknown; base?: string; httpOrigins?: readonly string[] }): UrlGateResult {
  if (typeof text !== 'string' || text.length === 0) return refuse('empty', 'there is no address');
  if (text.length > MAX_GATED_URL_LENGTH)
    return refuse('too-long', `the address is ${text.length} characters long, more than the ${MAX_GATED_URL_LENGTH} any real one needs`);
  if (CONTROL_OR_BIDI.test(text))
    return refuse('control-characters', 'the address holds control or direction characters, which can hide its real scheme or host');
  if (text.trim() !== text) return refuse('surrounding-space', 'the address begins or ends with spaces, which a browser would strip before reading the scheme');
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(text) : new URL(text, base);
  } catch {
    return refuse('unparseable', base === undefined ? 'it is not an absolute URL' : 'it is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return refuse('scheme', `its scheme is ${parsed.protocol.slice(0, 40)}, and only http and https are opened`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('credentials', 'it carries a user name or password before the host, a way to make one host look like another');
  }
  if (parsed.protocol === 'http:' && !isLoopbackHostname(parsed.hostname) && !httpOrigins.includes(parsed.origin)) {
    return refuse('insecure-http', `it is plain http to ${parsed.host}; only https, or http to this machine, is accepted`);
  }
  return { ok: true, url: parsed.href as GatedUrl };
}

/** The gate for a URL the project itself wrote (a constant, the page's own address): it must pass, or it is a bug. */
export function gateOwnUrl(text: string, httpOrigins: readonly string[] = []): GatedUrl {
  const result = passUrlGate({ text, httpOrigins });
  if (!result.ok) throw new Error(`The explorer's own address ${JSON.stringify(text)} did not pass the URL gate: ${result.reason}.`);
  return result.url;
}

/**
 * The origins a run may reach over plain http beyond this machine: those the learner chose,
 * the MCP server they named and any the host was told of (the explorer's own, for a class
 * served over a LAN without https). A server cannot add to them.
 */
export function listChosenHttpOrigins({ mcpUrl, httpOrigins = [] }: { mcpUrl: string; httpOrigins?: readonly string[] }): string[] {
  const origins = [...httpOrigins];
  try {
    origins.push(new URL(mcpUrl).origin);
  } catch {
    // A stdio server's name is not a URL: no origin of its own.
  }
  return origins;
}
