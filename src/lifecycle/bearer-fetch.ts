import { InsufficientScopeError, type FetchLike } from '@modelcontextprotocol/client';
import { readBearerChallenge } from '../mcp/index.ts';
import { authorizeAfterRefusal, type AuthorizationContext } from './authorization-flow.ts';
import { readHttpStatus } from './faults.ts';
import type { RunSlice } from './run-context.ts';

/** What the bearer fetch needs: the recording fetch, the token held, and the flow to run on a refusal. */
export type BearerFetchContext = AuthorizationContext & RunSlice<'mcpFetch' | 'signal' | 'trace', 'authorization', 'authorization'>;

/**
 * Where the authorization flow meets the MCP traffic: the token goes on every MCP request
 * once there is one, and a refused request starts the flow (a 401, or a 403 whose
 * challenge says insufficient_scope) when the run has authorization settings.
 */

/** The MCP fetch with Authorization: Bearer added once the flow holds a token; the recorder redacts it. */
export function createBearerFetch(context: BearerFetchContext): FetchLike {
  return async (url, init) => {
    const held = context.state.authorization;
    if (held === undefined) return context.mcpFetch(url, init);
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${held.accessToken}`);
    const response = await context.mcpFetch(url, { ...init, headers });
    if (response.status !== 401 && response.status !== 403) held.accepted = true;
    return response;
  };
}

/**
 * Runs the flow when the error is the server refusing authorization, and says whether the
 * request may go again. A 403 for another reason than a scope is not a question of tokens.
 */
export async function authorizeIfRefused(context: BearerFetchContext, error: unknown): Promise<boolean> {
  if (!context.options.authorization || context.signal.aborted) return false;
  // With no auth provider of its own, the SDK's transport still reads a 403 insufficient_scope into its own error, with no status.
  const status = error instanceof InsufficientScopeError ? 403 : readHttpStatus(error);
  if (status !== 401 && status !== 403) return false;
  const refused = context.trace.steps.findLast((step) => step.http?.status === status)?.http;
  if (!refused) return false;
  if (status === 403 && readBearerChallenge(refused.responseHeaders?.['www-authenticate'])?.error !== 'insufficient_scope') return false;
  await authorizeAfterRefusal(context, refused);
  return true;
}
