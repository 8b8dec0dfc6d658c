import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { answerConsent, InMemoryOAuthProvider } from '../helpers/sandbox-oauth-client.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The released v1 SDK's OAuth client (`@modelcontextprotocol/sdk/client/auth.js`, 2025-11-25
 * only) through the sandbox as well: another client's reading of the same metadata,
 * registration, PKCE and token answers.
 */

const server = useServer();

describe('the v1 SDK OAuth client against the sandbox', () => {
  it('is sent to consent, finishes with the code and calls add_numbers with the token', async () => {
    const provider = new InMemoryOAuthProvider({ redirectUrl: 'http://127.0.0.1:9/callback' });
    const url = new URL(`${server.url}/mcp/protected`);
    const firstTransport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: 'sandbox-v1', version: '1.0.0' }).connect(firstTransport)).rejects.toBeInstanceOf(UnauthorizedError);
    const { callback } = await answerConsent(provider.authorizationUrls.at(-1)!);
    expect(callback.searchParams.get('state')).toBe(provider.sentStates.at(-1));
    await firstTransport.finishAuth(callback.searchParams.get('code')!);
    const client = new Client({ name: 'sandbox-v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    expect(provider.savedTokens.at(-1)).toMatchObject({ token_type: 'Bearer', scope: 'mcp:tools' });
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    await client.close();
  });
});
