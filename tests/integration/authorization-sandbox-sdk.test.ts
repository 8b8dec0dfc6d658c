import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { answerConsent, InMemoryOAuthProvider } from '../helpers/sandbox-oauth-client.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The whole authorization flow against the built-in sandbox, driven by a client we did not
 * write: the MCP SDK's own auth() behind its Streamable HTTP transport (401, protected
 * resource metadata, authorization server metadata, dynamic registration, PKCE, consent,
 * token, the request again with the bearer token), in both eras; then step-up on the
 * privileged tool. Only the consent page's answer is ours, sent as its form would send it.
 */

const server = useServer();
const REDIRECT_URL = 'http://127.0.0.1:9/callback';

type Mode = 'legacy' | { pin: '2026-07-28' };

/** Connects, and when the SDK asks for authorization, answers the consent page and finishes the flow as an app's callback would. */
async function connectAuthorized({ mode, provider, path = '/mcp/protected' }: { mode: Mode; provider: InMemoryOAuthProvider; path?: string }) {
  const url = new URL(`${server.url}${path}`);
  const firstTransport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const firstClient = new Client({ name: 'sandbox-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  await expect(firstClient.connect(firstTransport)).rejects.toBeInstanceOf(UnauthorizedError);
  const { callback } = await answerConsent(provider.authorizationUrls.at(-1)!);
  expect(callback.searchParams.get('state')).toBe(provider.sentStates.at(-1));
  await firstTransport.finishAuth(callback.searchParams);
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await client.connect(transport);
  return { client, transport, callback };
}

describe.each([
  ['2025-11-25', 'legacy'],
  ['2026-07-28', { pin: '2026-07-28' }],
] as const)('the SDK OAuth client against the sandbox, era %s', (_era, mode) => {
  it('registers, is sent to consent with PKCE S256, state and the resource, and gets a token that works', async () => {
    const provider = new InMemoryOAuthProvider({ redirectUrl: REDIRECT_URL });
    const { client, callback } = await connectAuthorized({ mode, provider });

    const authorization = provider.authorizationUrls[0]!;
    expect(authorization.origin + authorization.pathname).toBe(`${server.url}/oauth/authorize`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get('resource')).toBe(`${server.url}/mcp/protected`);
    // The scope of the 401's challenge, which the SDK prefers to the metadata's whole list.
    expect(authorization.searchParams.get('scope')).toBe('mcp:tools');
    expect(callback.searchParams.get('iss')).toBe(`${server.url}/oauth`);
    expect(provider.savedTokens[0]).toMatchObject({ token_type: 'Bearer', scope: 'mcp:tools', expires_in: 600 });

    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    await client.close();
  });

  it('steps up when the privileged tool answers 403 insufficient_scope, and then calls it', async () => {
    const provider = new InMemoryOAuthProvider({ redirectUrl: REDIRECT_URL });
    const { client, transport } = await connectAuthorized({ mode, provider });
    expect(provider.savedTokens.at(-1)?.scope).toBe('mcp:tools');

    await expect(client.callTool({ name: 'multiply_numbers', arguments: { a: 6, b: 7 } })).rejects.toBeInstanceOf(UnauthorizedError);
    const stepUp = provider.authorizationUrls.at(-1)!;
    expect(stepUp.searchParams.get('scope')).toBe('mcp:tools mcp:admin');
    const { callback } = await answerConsent(stepUp);
    await transport.finishAuth(callback.searchParams);
    expect(provider.savedTokens.at(-1)?.scope).toBe('mcp:tools mcp:admin');
    const result = await client.callTool({ name: 'multiply_numbers', arguments: { a: 6, b: 7 } });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('42');
    await client.close();
  });
});
