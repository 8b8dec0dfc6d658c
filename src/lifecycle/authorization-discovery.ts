import {
  checkServerMetadata,
  isIssuerAtOrigin,
  isResourceForServer,
  listResourceMetadataUrls,
  listServerMetadataUrls,
  ResourceMetadataSchema,
  ServerMetadataSchema,
  type BearerChallenge,
  type ServerMetadata,
} from '../mcp/index.ts';
import * as faults from './authorization-faults.ts';
import { recordOAuthStep, sendOAuthRequest } from './authorization-exchange.ts';
import { fail, words, type AuthorizationContext } from './authorization-token.ts';
import type { ServerEndpoints } from './run-state-types.ts';
import { gateUrlOrStop } from './url-refusal.ts';

/**
 * Where the authorization flow finds its servers (the MCP spec's Authorization section, both eras): the protected
 * resource metadata, the authorization server's metadata, and the 2025-03-26 revision's discovery at the MCP server's
 * origin; every address a step, every endpoint through the URL gate before anything opens it.
 */

export const serverUrlOf = (context: AuthorizationContext) => new URL(context.options.mcpUrl);

/** Said on the metadata read again after a refusal: whether the resource still names the server whose token was refused. */
function describeMove({ named, heldIssuer }: { named: string | undefined; heldIssuer: string | undefined }): string | undefined {
  if (heldIssuer === undefined || named === undefined) return undefined;
  if (named === heldIssuer) return `Read again after the refusal: the resource still names ${heldIssuer}, the server whose token was refused.`;
  return `Read again after the refusal: the resource now names ${named}, no longer ${heldIssuer}. A client identity belongs to the server that issued it (SEP-2352), so the host goes on with ${named} and a client identity of its own there.`;
}

/** Whether the run speaks 2026-07-28, which has no 2025-03-26 fallback and asks for a newer registration. */
export const speaks2026 = (context: AuthorizationContext) => context.trace.mcp.protocolVersion === '2026-07-28' || context.options.era === '2026-07-28';

/** Said where no resource metadata was found and the host falls back to the 2025-03-26 revision's discovery. */
const ORIGIN_FALLBACK_NOTE =
  'No protected resource metadata at any address: the server may follow the 2025-03-26 revision, where the MCP server’s origin is its own authorization server, so the host looks for the authorization server’s metadata there (the MCP SDKs do the same).';

/**
 * The resource metadata the flow goes on with: its resource and first authorization server have passed the URL gate
 * (listResourceMetadataUrls says why not the SDK's discovery). Null when none was found and the era keeps the
 * 2025-03-26 fallback (discoverAtOrigin).
 */
export async function fetchResourceMetadata(context: AuthorizationContext, challenge: BearerChallenge | undefined, heldIssuer: string | undefined) {
  const serverUrl = serverUrlOf(context);
  const named = challenge?.resourceMetadata !== undefined;
  const urls = listResourceMetadataUrls({ serverUrl, ...(named ? { resourceMetadata: challenge.resourceMetadata } : {}) });
  const source = named
    ? { field: 'resource_metadata', document: "the MCP server's WWW-Authenticate header" }
    : { field: 'well-known metadata address', document: 'the MCP server URL you gave' };
  for (const [index, text] of urls.entries()) {
    const url = gateUrlOrStop(context, { text, source });
    const answer = await sendOAuthRequest(context, {
      id: 'auth.resource-metadata',
      request: { url },
      describe: { GET: url, from: named ? 'resource_metadata in WWW-Authenticate' : 'the well-known address (RFC 9728 §3.1)' },
      what: 'the protected resource metadata',
    });
    const parsed = answer.status === 200 ? ResourceMetadataSchema.safeParse(answer.json) : undefined;
    const fallsBack = index === urls.length - 1 && !speaks2026(context);
    const next = fallsBack
      ? ORIGIN_FALLBACK_NOTE
      : index === urls.length - 1
        ? 'There is no other address to try.'
        : 'the host tries the next address the spec lists.';
    const note = parsed?.success
      ? describeMove({ named: parsed.data.authorization_servers?.[0], heldIssuer })
      : `No metadata here (HTTP ${answer.status ?? 'none'}): ${next}`;
    recordOAuthStep(context, 'auth.resource-metadata', { payload: answer.json ?? { status: answer.status }, http: answer.http, ...(note ? { note } : {}) });
    if (!parsed?.success) continue;
    const document = `the protected resource metadata at ${url}`;
    gateUrlOrStop(context, { text: parsed.data.resource, source: { field: 'resource', document } });
    if (!isResourceForServer({ resource: parsed.data.resource, serverUrl }))
      throw fail(context, faults.explainWrongResource({ ...words(context), serverUrl: context.trace.mcp.url, resource: parsed.data.resource }));
    const issuer = parsed.data.authorization_servers?.[0];
    // The issuer is compared as written with the server's own (RFC 8414 §3.3); the gate only says it may be followed.
    if (issuer !== undefined) gateUrlOrStop(context, { text: issuer, source: { field: 'authorization_servers[0]', document } });
    return parsed.data;
  }
  if (!speaks2026(context)) return null;
  throw fail(context, faults.explainNoResourceMetadata({ ...words(context), serverUrl: context.trace.mcp.url, tried: urls }));
}

/** `assumed`: the endpoints are the 2025-03-26 defaults, found in no document. */
export type DiscoveredServer = { metadata: ServerMetadata; endpoints: ServerEndpoints; assumed?: boolean };

export async function fetchServerMetadata(context: AuthorizationContext, issuer: string): Promise<DiscoveredServer> {
  const found = await findServerMetadata(context, issuer, () => issuer);
  if (found) return found;
  throw fail(context, faults.explainNoServerMetadata({ ...words(context), issuer, tried: listServerMetadataUrls(issuer) }));
}

/**
 * The authorization server's metadata at the addresses built on `issuer`, checked (issuer, PKCE), or undefined when
 * none is there. `issuerToMatch` gives the issuer the document must name, from the one it names.
 *
 * Each address a step, as the spec orders them (the MCP SDK's list). Not the SDK's
 * discoverAuthorizationServerMetadata: it parses the document before the URL gate sees its
 * endpoints (a `javascript:` authorization_endpoint is a schema error, not the gate's step
 * naming the field, issue 36), requires response_types_supported, stops at a 5xx where the
 * flow tries the next address, and takes an issuer that differs by a trailing slash (here
 * only the 2025-03-26 fallback's origin may be written with one: discoverAtOrigin).
 */
async function findServerMetadata(
  context: AuthorizationContext,
  issuer: string,
  issuerToMatch: (named: string) => string,
  noteOn?: (named: string) => string | undefined,
): Promise<DiscoveredServer | undefined> {
  const urls = listServerMetadataUrls(issuer);
  for (const text of urls) {
    const url = gateUrlOrStop(context, { text, source: { field: 'metadata address', document: `the issuer ${issuer}` } });
    const answer = await sendOAuthRequest(context, {
      id: 'auth.server-metadata',
      request: { url },
      describe: { GET: url, issuer },
      what: "the authorization server's metadata",
    });
    const parsed = answer.status === 200 ? ServerMetadataSchema.safeParse(answer.json) : undefined;
    const note = parsed?.success
      ? noteOn?.(parsed.data.issuer)
      : `No metadata here (HTTP ${answer.status ?? 'none'}): the host tries the next address (RFC 8414, then OpenID discovery).`;
    recordOAuthStep(context, 'auth.server-metadata', { payload: answer.json ?? { status: answer.status }, http: answer.http, ...(note ? { note } : {}) });
    if (!parsed?.success) continue;
    const problem = checkServerMetadata({ metadata: parsed.data, issuer: issuerToMatch(parsed.data.issuer) });
    if (problem?.kind === 'wrong-issuer')
      throw fail(context, faults.explainWrongIssuer({ ...words(context), expected: issuer, got: problem.got, where: 'metadata' }));
    // PKCE protects a code; a machine client's grant has none.
    if (problem?.kind === 'no-pkce' && !context.options.authorization?.machineClient)
      throw fail(context, faults.explainNoPkce({ ...words(context), issuer, methods: problem.methods }));
    return { metadata: parsed.data, endpoints: gateEndpoints(context, { metadata: parsed.data, document: `the authorization server's metadata at ${url}` }) };
  }
  return undefined;
}

/**
 * No protected resource metadata, in the 2025-11-25 era: the 2025-03-26 revision's discovery, kept by MCP clients for
 * servers written to it. The MCP server's origin is its own authorization server: its RFC 8414 metadata at the origin's
 * well-known address, else the default endpoints there. That revision finds the document by the MCP server's origin,
 * not by an issuer, so the issuer it names may be any on that origin (`/`, or a path such as `/oauth` where the
 * server mounts its endpoints: the conformance suite 0.1.16's auth/2025-03-26-oauth-metadata-backcompat); RFC 8414
 * §3.3's exact match guards against another server posing as the one looked up, and a document on the same origin
 * speaks for that origin. An issuer on another origin is still refused.
 */
export async function discoverAtOrigin(context: AuthorizationContext): Promise<DiscoveredServer & { issuer: string }> {
  const origin = serverUrlOf(context).origin;
  const sameOrigin = (named: string) => isIssuerAtOrigin({ issuer: named, origin });
  const noteOn = (named: string) =>
    sameOrigin(named) && named !== origin
      ? `The document names the issuer ${named}, on the MCP server’s own origin: the 2025-03-26 revision finds this document by that origin, not by an issuer, so the host takes it as the issuer from here on (another origin would be refused, RFC 8414 §3.3).`
      : undefined;
  const found = await findServerMetadata(context, origin, (named) => (sameOrigin(named) ? named : origin), noteOn);
  if (found) return { issuer: found.metadata.issuer, ...found };
  const metadata: ServerMetadata = {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    code_challenge_methods_supported: ['S256'],
  };
  recordOAuthStep(context, 'auth.server-metadata', {
    payload: { defaults: metadata },
    note: 'No metadata at the origin either: the host uses the endpoints the 2025-03-26 revision gives a server without metadata (/authorize, /token and /register at its origin), with PKCE, which that revision asks of every client.',
  });
  return { issuer: origin, metadata, endpoints: gateEndpoints(context, { metadata, document: 'the 2025-03-26 revision’s default endpoints' }), assumed: true };
}

/** Every endpoint the flow may follow, through the URL gate before any is opened or fetched: one refused ends the flow. */
function gateEndpoints(context: AuthorizationContext, { metadata, document }: { metadata: ServerMetadata; document: string }): ServerEndpoints {
  const gate = (field: string, text: string) => gateUrlOrStop(context, { text, source: { field, document } });
  const authorization = gate('authorization_endpoint', metadata.authorization_endpoint);
  const token = gate('token_endpoint', metadata.token_endpoint);
  return {
    authorization,
    token,
    ...(metadata.registration_endpoint !== undefined ? { registration: gate('registration_endpoint', metadata.registration_endpoint) } : {}),
  };
}
