import { z } from 'zod';
import { passUrlGate } from '../../src/trace/index.ts';
import { createOpaqueValue, type RegisteredClient, type SandboxStore } from './sandbox-store.ts';
import { oauthError, sandboxJson } from './sandbox-responses.ts';
import { readBoundedBody, exceedsJsonNesting, MAX_JSON_NESTING } from '../shared/index.ts';

/**
 * Who the client is: a Client ID Metadata Document (the client_id is the URL of a JSON
 * document the client publishes, which the server fetches), or a client registered here
 * by RFC 7591 dynamic registration. Either way the server learns the redirect URIs it may
 * send a code to, and sends codes to no other.
 */

/** Registration bodies and metadata documents are small; more is refused, not read. */
const MAX_CLIENT_DOCUMENT_BYTES = 64 * 1024;
const CLIENT_DOCUMENT_TIMEOUT_MS = 5_000;
const MAX_REDIRECT_URIS = 10;

const ClientMetadataSchema = z.looseObject({
  redirect_uris: z.array(z.string().max(2048)).min(1).max(MAX_REDIRECT_URIS),
  client_name: z.string().max(200).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
});
const ClientMetadataDocumentSchema = ClientMetadataSchema.extend({ client_id: z.string() });

/**
 * Why a redirect URI cannot be registered, or undefined when it can: it passes the URL gate
 * (src/trace/url-gate.ts: https, or http on this machine (RFC 8252 §7.3) or at the sandbox's
 * own origin, which serves the explorer's callback page to a class on a LAN; no user name,
 * no control or direction characters), and has no fragment.
 */
export function findRedirectUriProblem({ uri, origin }: { uri: string; origin: string }): string | undefined {
  const shown = JSON.stringify(uri);
  const gated = passUrlGate({ text: uri, httpOrigins: [origin] });
  if (!gated.ok) return `${shown} cannot be a redirect URI: ${gated.reason}, so a code sent there could be read on the way or go somewhere else than it seems.`;
  if (uri.includes('#')) return `${shown} has a fragment, which RFC 6749 §3.1.2 forbids in a redirect URI.`;
  return undefined;
}

/** Whether a client_id names a metadata document: a URL the gate passes (https, or http on loopback, for the sandbox and tests), with a path, no fragment. */
export function isClientMetadataUrl(clientId: string): boolean {
  const gated = passUrlGate({ text: clientId });
  return gated.ok && new URL(gated.url).pathname !== '/' && !clientId.includes('#');
}

/** RFC 7591 §3: registers a public client (no secret: PKCE protects its codes) and answers 201 with what was registered. */
export async function registerClient({ request, store, origin }: { request: Request; store: SandboxStore; origin: string }): Promise<Response> {
  const read = await readBoundedBody(request, MAX_CLIENT_DOCUMENT_BYTES);
  if (read.kind !== 'text')
    return oauthError(400, 'invalid_client_metadata', `The registration body could not be read, or is over ${MAX_CLIENT_DOCUMENT_BYTES} bytes.`);
  const { text } = read;
  if (exceedsJsonNesting(text))
    return oauthError(
      400,
      'invalid_client_metadata',
      `The client metadata nests arrays and objects more than ${MAX_JSON_NESTING} levels deep; no client metadata does, and this server reads no deeper.`,
    );
  const parsed = ClientMetadataSchema.safeParse(parseJson(text));
  if (!parsed.success)
    return oauthError(
      400,
      'invalid_client_metadata',
      `The client metadata is not what RFC 7591 asks for: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}.`,
    );
  const problem = parsed.data.redirect_uris.map((uri) => findRedirectUriProblem({ uri, origin })).find((found) => found !== undefined);
  if (problem) return oauthError(400, 'invalid_redirect_uri', problem);
  const client: RegisteredClient = {
    clientId: createOpaqueValue(),
    clientName: parsed.data.client_name,
    redirectUris: parsed.data.redirect_uris,
    issuedAt: Math.floor(store.now() / 1000),
  };
  store.clients.set(client.clientId, client);
  return sandboxJson(201, {
    client_id: client.clientId,
    client_id_issued_at: client.issuedAt,
    ...(client.clientName === undefined ? {} : { client_name: client.clientName }),
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // A public client whatever it asked for: the sandbox issues no secrets (RFC 7591 §3.2.1 lets the server say so).
    token_endpoint_auth_method: 'none',
    ...(parsed.data.scope === undefined ? {} : { scope: parsed.data.scope }),
  });
}

export type ClientLookup = { ok: true; client: RegisteredClient } | { ok: false; problem: string };

/** The client a client_id names: its metadata document, fetched now, or a client registered here. */
export async function findClient({
  clientId,
  store,
  origin,
  fetchDocument,
}: {
  clientId: string;
  store: SandboxStore;
  origin: string;
  fetchDocument: typeof fetch;
}): Promise<ClientLookup> {
  if (isClientMetadataUrl(clientId)) return fetchClientMetadataDocument({ clientId, origin, fetchDocument });
  const registered = store.clients.get(clientId);
  if (registered) return { ok: true, client: registered };
  return {
    ok: false,
    problem:
      'This client_id is not registered here (registrations live in memory and are forgotten when the server restarts), and it is not the https URL of a client metadata document.',
  };
}

/**
 * Fetches a Client ID Metadata Document: no redirect followed, within a time and size
 * bound, and only its client_id, name and redirect URIs are used. The document must name
 * itself, or any page could claim to be another client.
 */
async function fetchClientMetadataDocument({
  clientId,
  origin,
  fetchDocument,
}: {
  clientId: string;
  origin: string;
  fetchDocument: typeof fetch;
}): Promise<ClientLookup> {
  let response: Response;
  try {
    response = await fetchDocument(clientId, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(CLIENT_DOCUMENT_TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      problem: `The client metadata document at ${clientId} could not be fetched (${error instanceof Error ? error.message : String(error)}); a redirect is not followed.`,
    };
  }
  if (response.status !== 200) return { ok: false, problem: `The client metadata document at ${clientId} answered HTTP ${response.status}, not 200.` };
  const read = await readBoundedBody(response, MAX_CLIENT_DOCUMENT_BYTES);
  if (read.kind !== 'text')
    return { ok: false, problem: `The client metadata document at ${clientId} could not be read, or is over ${MAX_CLIENT_DOCUMENT_BYTES} bytes.` };
  const { text } = read;
  if (exceedsJsonNesting(text))
    return {
      ok: false,
      problem: `The client metadata document at ${clientId} nests arrays and objects more than ${MAX_JSON_NESTING} levels deep; no client metadata does, and this server reads no deeper.`,
    };
  const parsed = ClientMetadataDocumentSchema.safeParse(parseJson(text));
  if (!parsed.success)
    return {
      ok: false,
      problem: `The client metadata document at ${clientId} is not client metadata: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}.`,
    };
  if (parsed.data.client_id !== clientId)
    return { ok: false, problem: `The client metadata document at ${clientId} names another client_id, ${parsed.data.client_id}.` };
  const problem = parsed.data.redirect_uris.map((uri) => findRedirectUriProblem({ uri, origin })).find((found) => found !== undefined);
  if (problem) return { ok: false, problem: `The client metadata document at ${clientId} lists a redirect URI the server will not use: ${problem}` };
  return { ok: true, client: { clientId, clientName: parsed.data.client_name, redirectUris: parsed.data.redirect_uris, issuedAt: 0 } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
