import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildExportFile, EXPORT_FORMAT_IDS } from '../../src/export/export-formats.ts';
import { formatCurl } from '../../src/mcp/format-curl.ts';
import { createLifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import { formatTraceJson, formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import { serializeTrace } from '../../src/lifecycle/import-trace.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { driveConsent } from '../helpers/drive-consent.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { MCP_SCOPE, startOidcProtectedServer, type OidcProtectedServer } from '../helpers/start-oidc-protected-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The authorization flow against an authorization server we did not write: oidc-provider
 * (OpenID-certified) in front of a v2 SDK MCP server that checks tokens with the SDK's
 * requireBearerAuth. Everything goes over real HTTP on 127.0.0.1; the consent page is
 * walked by a cookie-keeping fetch, as a browser would.
 */

const app = useServer();
let server: OidcProtectedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function run(mcpUrl: string, options: Partial<RunOptions> = {}): Promise<Trace> {
  const redirectUri = `${app.url}/oauth-callback.html`;
  return createLifecycleRun({
    question: QUESTION,
    era: 'auto',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri, obtainConsent: driveConsent },
    ...options,
  }).start();
}

const ids = (trace: Trace) => trace.steps.map((step) => step.id);
const stepsOf = (trace: Trace, id: string) => trace.steps.filter((step) => step.id === id);

describe('authorization against oidc-provider', () => {
  it('walks the whole flow: 401, metadata, registration, PKCE, consent, token, and the lifecycle completes with the bearer', async () => {
    server = await startOidcProtectedServer();
    const trace = await run(server.mcpUrl);
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    const order = ids(trace).filter((id) => id.startsWith('auth.'));
    expect(order).toEqual([
      'auth.challenge',
      'auth.resource-metadata',
      'auth.server-metadata',
      'auth.client-registration',
      'auth.authorization-request',
      'auth.authorization-response',
      'auth.token-request',
      'auth.retry',
    ]);
    const challenge = stepsOf(trace, 'auth.challenge')[0]!;
    expect(challenge.http?.status).toBe(401);
    expect(challenge.payload).toMatchObject({ challenge: { resourceMetadata: expect.stringContaining('/.well-known/oauth-protected-resource/mcp') } });
    // RFC 8414's address first: oidc-provider 9 serves it, so OpenID discovery is not needed.
    expect(stepsOf(trace, 'auth.server-metadata')[0]!.http).toMatchObject({ url: `${server.issuer}/.well-known/oauth-authorization-server`, status: 200 });
    expect(stepsOf(trace, 'auth.server-metadata')[0]!.payload).toMatchObject({ issuer: server.issuer, code_challenge_methods_supported: ['S256'] });
    const request = stepsOf(trace, 'auth.authorization-request')[0]!;
    expect(request.payload).toMatchObject({ parameters: { code_challenge_method: 'S256', resource: server.mcpUrl, scope: MCP_SCOPE, response_type: 'code' } });
    const response = stepsOf(trace, 'auth.authorization-response')[0]!;
    expect(response.payload).toMatchObject({ checked: { state: 'the one sent', iss: 'this issuer' } });
    const token = stepsOf(trace, 'auth.token-request')[0]!;
    expect(token.http?.status).toBe(200);
    // The recorded body of the token request holds neither the verifier nor the code, nor the answer the token.
    expect(token.http?.requestBody).toContain('code_verifier=[redacted]');
    expect(token.http?.requestBody).toMatch(/(^|&)code=\[redacted\]/);
    expect(token.http?.responseBody).toContain('"access_token":"[redacted]"');
    expect(token.payload).toMatchObject({
      sent: { grant_type: 'authorization_code', resource: server.mcpUrl, code_verifier: '[redacted]', code: '[redacted]' },
      checked: { token_type: 'Bearer', refresh_token: 'given' },
    });
    // The MCP server accepted the token the flow obtained, on the requests after the retry.
    expect(server.acceptedTokens.length).toBeGreaterThan(0);
    const accessToken = server.acceptedTokens[0]!;
    expect(server.receivedAuthorization).toContain(`Bearer ${accessToken}`);
    // …and the token, the code and the verifier appear nowhere the trace goes.
    for (const text of [serializeTrace(trace), formatTraceText({ trace })]) {
      expect(text).not.toContain(accessToken);
      expect(text).toContain('[redacted]');
    }
  });

  it('refreshes the token when the server answers 401 invalid_token later, and the lifecycle goes on', async () => {
    server = await startOidcProtectedServer({ revokeAfterRequests: 1 });
    const trace = await run(server.mcpUrl);
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    const refresh = stepsOf(trace, 'auth.refresh');
    expect(refresh.length).toBeGreaterThan(0);
    expect(refresh[0]!.payload).toMatchObject({ sent: { grant_type: 'refresh_token', refresh_token: '[redacted]', resource: server.mcpUrl } });
    expect(refresh[0]!.http?.status).toBe(200);
    const text = serializeTrace(trace);
    for (const token of server.acceptedTokens) expect(text).not.toContain(token);
  });

  it('stops at a wrong issuer: the metadata names another issuer than the resource did, and nothing is sent to it', async () => {
    server = await startOidcProtectedServer({ advertisedIssuer: 'relay' });
    const trace = await run(server.mcpUrl);
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!;
    expect(fault.id).toBe('host.fault');
    expect(fault.fault?.what).toContain('issuer');
    expect(fault.fault?.why).toContain('RFC 8414 §3.3');
    expect(ids(trace)).toContain('auth.server-metadata');
    expect(ids(trace)).not.toContain('auth.client-registration');
    expect(ids(trace)).not.toContain('auth.authorization-request');
  });

  it('leaks no code, verifier, access or refresh token: not in the trace, its JSON and text, any export (HAR, OTLP, Mermaid, SVG), copy as curl, or the console', async () => {
    server = await startOidcProtectedServer({ revokeAfterRequests: 1 });
    // The real traffic, as the network saw it: every secret value the flow sent or was given.
    const secrets = new Set<string>();
    const watchingFetch = async (url: string | URL, init?: RequestInit) => {
      const response = await fetch(url, init);
      if (typeof init?.body === 'string' && init.body.includes('grant_type=')) {
        for (const [name, value] of new URLSearchParams(init.body)) if (['code', 'code_verifier', 'refresh_token'].includes(name)) secrets.add(value);
        const answer: unknown = await response.clone().json();
        if (typeof answer === 'object' && answer !== null)
          for (const [name, value] of Object.entries(answer)) if (name.endsWith('_token') && typeof value === 'string') secrets.add(value);
      }
      return response;
    };
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))),
    );
    let trace: Trace;
    try {
      trace = await run(server.mcpUrl, { fetch: watchingFetch });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(trace.status).toBe('complete');
    expect(ids(trace)).toContain('auth.refresh');
    // A code, a verifier, two access tokens and a refresh token at least.
    expect(secrets.size).toBeGreaterThanOrEqual(5);
    const curls = trace.steps.filter((step) => step.http).map((step) => formatCurl({ http: step.http!, audience: 'mcp' }).result);
    const outputs = [
      serializeTrace(trace),
      formatTraceJson({ trace }),
      formatTraceText({ trace, maxPayloadLength: 0 }),
      ...EXPORT_FORMAT_IDS.map((format) => buildExportFile({ trace, format }).text),
      ...curls,
      ...logged,
    ];
    for (const secret of secrets) for (const output of outputs) expect(output).not.toContain(secret);
  });
});
