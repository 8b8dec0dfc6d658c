import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { AuthorizationSettings } from '../../src/lifecycle/run-context.ts';
import { formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import { serializeTrace } from '../../src/lifecycle/import-trace.ts';
import { buildExportFile, EXPORT_FORMAT_IDS } from '../../src/export/export-formats.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { MCP_SCOPE, startOidcProtectedServer, type OidcProtectedServer } from '../helpers/start-oidc-protected-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A machine client (the MCP client credentials extension, SEP-1046) against an
 * authorization server we did not write: oidc-provider (OpenID-certified), its
 * client_credentials grant on, a client registered by its operator with a secret
 * (client_secret_basic) or a public key (private_key_jwt, the provider verifying the
 * host's signed assertion), in front of a v2 SDK MCP server that checks the token with
 * the SDK's requireBearerAuth. No person: a consent asked for fails the run.
 */

const app = useServer();
let server: OidcProtectedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function run(mcpUrl: string, machineClient: AuthorizationSettings['machineClient']): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: 'auto',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: {
      redirectUri: `${app.url}/oauth-callback.html`,
      obtainConsent: () => Promise.reject(new Error('a machine client has no person to consent')),
      ...(machineClient ? { machineClient } : {}),
    },
  }).start();
}

const stepsOf = (trace: Trace, id: string) => trace.steps.filter((step) => step.id === id);
const authSteps = (trace: Trace) => trace.steps.map((step) => step.id).filter((id) => id.startsWith('auth.'));
const MACHINE_ORDER = ['auth.challenge', 'auth.resource-metadata', 'auth.server-metadata', 'auth.client-id', 'auth.client-credentials', 'auth.retry'];

/** Every text the trace goes out as: none may hold the secret. */
const outputsOf = (trace: Trace) => [
  serializeTrace(trace),
  formatTraceText({ trace, maxPayloadLength: 0 }),
  ...EXPORT_FORMAT_IDS.map((format) => buildExportFile({ trace, format }).text),
];

describe('a machine client: the client credentials grant against oidc-provider', () => {
  it('client_secret_basic: the secret in HTTP Basic, a token with no person or consent, and the lifecycle completes; the secret and token appear nowhere', async () => {
    const clientSecret = 'machine-secret-b7c1f0e9a2d4c6e8';
    server = await startOidcProtectedServer({ machineClient: { clientId: 'nightly-report', clientSecret } });
    const trace = await run(server.mcpUrl, { clientId: 'nightly-report', clientSecret });
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(authSteps(trace)).toEqual(MACHINE_ORDER);
    expect(stepsOf(trace, 'auth.client-id')[0]!.payload).toMatchObject({
      client_id: 'nightly-report',
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: '[redacted]',
    });
    const token = stepsOf(trace, 'auth.client-credentials')[0]!;
    expect(token.http?.status).toBe(200);
    expect(token.http?.requestHeaders?.authorization).toBe('[redacted]');
    expect(token.payload).toMatchObject({
      sent: { grant_type: 'client_credentials', resource: server.mcpUrl, scope: MCP_SCOPE },
      checked: { token_type: 'Bearer', refresh_token: 'none' },
    });
    expect(token.note).toContain('SEP-1046');
    expect(server.acceptedTokens.length).toBeGreaterThan(0);
    for (const output of outputsOf(trace)) {
      expect(output).not.toContain(clientSecret);
      expect(output).not.toContain(Buffer.from(`nightly-report:${clientSecret}`).toString('base64'));
      for (const accepted of server.acceptedTokens) expect(output).not.toContain(accepted);
    }
  });

  it('private_key_jwt: an assertion signed with the client key, verified by the provider with the public key; its claims shown, the assertion and key never', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicJwk = { ...publicKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' };
    server = await startOidcProtectedServer({ machineClient: { clientId: 'build-agent', publicJwk } });
    const assertions: string[] = [];
    const watchingFetch = async (url: string | URL, init?: RequestInit) => {
      if (typeof init?.body === 'string') for (const [name, value] of new URLSearchParams(init.body)) if (name === 'client_assertion') assertions.push(value);
      return fetch(url, init);
    };
    const trace = await createLifecycleRun({
      question: QUESTION,
      era: 'auto',
      mcpUrl: server.mcpUrl,
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
      autoRelease: true,
      networkTimeoutMs: 10_000,
      fetch: watchingFetch,
      authorization: {
        redirectUri: `${app.url}/oauth-callback.html`,
        obtainConsent: () => Promise.reject(new Error('no person')),
        machineClient: { clientId: 'build-agent', privateKey: { pem, algorithm: 'ES256' } },
      },
    }).start();
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(authSteps(trace)).toEqual(MACHINE_ORDER);
    expect(stepsOf(trace, 'auth.client-id')[0]!.payload).toMatchObject({
      client_id: 'build-agent',
      token_endpoint_auth_method: 'private_key_jwt',
      private_key: '[redacted]',
    });
    const token = stepsOf(trace, 'auth.client-credentials')[0]!;
    expect(token.http?.status).toBe(200);
    expect(token.payload).toMatchObject({
      sent: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: '[redacted]',
        resource: server.mcpUrl,
      },
      authentication: { method: 'private_key_jwt (RFC 7523 §2.2)', alg: 'ES256', claims: { iss: 'build-agent', sub: 'build-agent', aud: server.issuer } },
    });
    expect(token.http?.requestBody).not.toContain('client_id=');
    expect(assertions).toHaveLength(1);
    const keyBody = pem.split('\n')[1]!;
    for (const output of outputsOf(trace)) {
      expect(output).not.toContain(assertions[0]!);
      expect(output).not.toContain(keyBody);
    }
  });

  it('a wrong key is refused by the provider, and the fault says the token request was refused', async () => {
    const registered = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    server = await startOidcProtectedServer({
      machineClient: { clientId: 'build-agent', publicJwk: { ...registered.publicKey.export({ format: 'jwk' }), alg: 'ES256' } },
    });
    const trace = await run(server.mcpUrl, {
      clientId: 'build-agent',
      privateKey: { pem: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm: 'ES256' },
    });
    expect(trace.status).toBe('failed');
    expect(stepsOf(trace, 'auth.client-credentials')[0]!.http?.status).toBe(401);
    expect(trace.steps.at(-1)?.fault?.what).toContain('invalid_client');
  });
});
