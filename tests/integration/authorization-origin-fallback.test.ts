import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Era, Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A server with no protected resource metadata (RFC 9728), as one written to the 2025-03-26
 * revision is: in the 2025-11-25 era the host then takes the MCP server's origin as its
 * authorization server, reads the RFC 8414 metadata there, and without it uses that
 * revision's default endpoints (/authorize, /token, /register at the origin), as the MCP
 * SDKs do. The conformance client scenarios auth/2025-03-26-oauth-metadata-backcompat and
 * auth/2025-03-26-oauth-endpoint-fallback run the whole flow against the suite's servers.
 * Here a v2 SDK server behind a bearer check that answers 401 to every path has none of it:
 * the fault says the fallback was the last try. 2026-07-28 has no such fallback.
 */

const app = useServer();
let server: ThirdPartyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function run(url: string, era: Era): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era,
    mcpUrl: url,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri: `${app.url}/oauth-callback.html`, obtainConsent: () => Promise.reject(new Error('no consent should be asked')) },
  }).start();
}

describe('no protected resource metadata', () => {
  it('2025-11-25: the origin as the authorization server, then its default endpoints; the fault says none was there', async () => {
    server = await startSdkV2Server({ bearerToken: 'tok_origin_fallback_000000' });
    const origin = new URL(server.url).origin;
    const trace = await run(server.url, '2025-11-25');
    const urlsOf = (id: string) => trace.steps.filter((step) => step.id === id).map((step) => step.http?.url);
    expect(urlsOf('auth.resource-metadata')).toEqual([`${origin}/.well-known/oauth-protected-resource/mcp`, `${origin}/.well-known/oauth-protected-resource`]);
    expect(trace.steps.filter((step) => step.id === 'auth.resource-metadata').at(-1)?.note).toContain('2025-03-26 revision');
    expect(urlsOf('auth.server-metadata')).toEqual([
      `${origin}/.well-known/oauth-authorization-server`,
      `${origin}/.well-known/openid-configuration`,
      undefined,
    ]);
    const defaults = trace.steps.filter((step) => step.id === 'auth.server-metadata').at(-1)!;
    expect(defaults.payload).toMatchObject({
      defaults: {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
      },
    });
    expect(urlsOf('auth.client-registration')).toEqual([`${origin}/register`]);
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toBe(
      `The MCP server at ${server.url} asks for authorization, but publishes no metadata: no protected resource metadata, no authorization server metadata at its origin, and the registration endpoint the 2025-03-26 revision assumes (${origin}/register) answered HTTP 401.`,
    );
    expect(fault.fix).toContain('Authorization: Bearer …');
    expect(trace.steps.map((step) => step.id)).not.toContain('auth.authorization-request');
  });

  it('2026-07-28: no fallback, the run stops where no metadata was found', async () => {
    server = await startSdkV2Server({ bearerToken: 'tok_origin_fallback_000000' });
    const trace = await run(server.url, '2026-07-28');
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toContain('no protected resource metadata was found');
    expect(trace.steps.filter((step) => step.id === 'auth.resource-metadata').at(-1)?.note).toContain('There is no other address to try.');
    expect(trace.steps.some((step) => step.id === 'auth.server-metadata')).toBe(false);
  });
});
