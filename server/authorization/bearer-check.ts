import { z } from 'zod';
import { exceedsJsonNesting, readBoundedBody } from '../shared/index.ts';
import { ADMIN_SCOPE, PRIVILEGED_TOOL_NAME, TOOLS_SCOPE, type SandboxFault } from '../../src/trace/index.ts';
import { oauthError, quoteHeaderParameter } from './sandbox-responses.ts';
import type { SandboxStore } from './sandbox-store.ts';
import { describeSandboxUrls } from './sandbox-urls.ts';

/**
 * The protected endpoint's gate (RFC 6750, RFC 9728 §5.1): a request without a good bearer
 * token gets 401 with a challenge naming the resource metadata, so the client can find the
 * authorization server; a token for another resource, or past its expiry, is invalid_token;
 * a token without the scope a request needs gets 403 insufficient_scope naming that scope,
 * which is the client's cue to step up.
 */

type Place = { origin: string; basePath: string; fault: SandboxFault | undefined };

const ToolsCallSchema = z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string() }) });
/** A tools/call body is small; the gate reads no more than this of its copy. */
const MAX_INSPECTED_BYTES = 1024 * 1024;

export async function checkBearerToken({ request, store, place }: { request: Request; store: SandboxStore; place: Place }): Promise<Response | undefined> {
  const urls = describeSandboxUrls(place);
  // The order clients expect to see: the error and the scope it needs first, then where to look, then the words.
  const challenge = (parameters: [string, string][]) => `Bearer ${parameters.map(([name, value]) => `${name}=${quoteHeaderParameter(value)}`).join(', ')}`;
  const refuse = (status: number, error: string | undefined, description: string, scope = TOOLS_SCOPE) =>
    oauthError(status, error ?? 'invalid_token', description, {
      'www-authenticate': challenge(
        error
          ? [
              ['error', error],
              ['scope', scope],
              ['resource_metadata', urls.resourceMetadata],
              ['error_description', description],
            ]
          : [
              ['resource_metadata', urls.resourceMetadata],
              ['scope', scope],
            ],
      ),
    });
  if (new URL(request.url).searchParams.has('access_token'))
    return oauthError(400, 'invalid_request', 'A token in the URL is refused (it would be kept in logs and history): send it in the Authorization header.');
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (!match)
    return refuse(
      401,
      undefined,
      'This endpoint needs an OAuth access token: send Authorization: Bearer <token>. The challenge names where to find the authorization server.',
    );
  const grant = store.accessTokens.peek(match[1]!);
  if (!grant) return refuse(401, 'invalid_token', 'The access token is unknown to this server (tokens live in memory and are forgotten when it restarts).');
  if (grant.expiresAt <= store.now()) return refuse(401, 'invalid_token', 'The access token expired. Use the refresh token for a new one.');
  if (grant.resource !== urls.resource)
    return refuse(401, 'invalid_token', `The access token was issued for another resource, ${grant.resource}, not for ${urls.resource}.`);
  if (!grant.scopes.includes(TOOLS_SCOPE))
    return refuse(403, 'insufficient_scope', `The access token lacks the scope ${TOOLS_SCOPE}, which every request here needs.`);
  if (!grant.scopes.includes(ADMIN_SCOPE) && (await callsPrivilegedTool(request))) {
    return refuse(403, 'insufficient_scope', `The tool ${PRIVILEGED_TOOL_NAME} needs the scope ${ADMIN_SCOPE} as well.`, `${TOOLS_SCOPE} ${ADMIN_SCOPE}`);
  }
  return undefined;
}

/** Whether a POST (one message or a batch) calls the privileged tool; read from a copy, so the MCP handler still gets the body. */
async function callsPrivilegedTool(request: Request): Promise<boolean> {
  if (request.method !== 'POST') return false;
  const read = await readBoundedBody(request.clone(), MAX_INSPECTED_BYTES);
  // Too deep for the schema below to walk: the MCP endpoint refuses such a body with a reason of its own.
  if (read.kind !== 'text' || exceedsJsonNesting(read.text)) return false;
  let body: unknown;
  try {
    body = JSON.parse(read.text) as unknown;
  } catch {
    return false;
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    const call = ToolsCallSchema.safeParse(message);
    return call.success && call.data.params.name === PRIVILEGED_TOOL_NAME;
  });
}
