import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The discovery order of the MCP spec when a server says little, over real HTTP: a 401 with
 * a bare `Bearer` challenge (no resource_metadata), protected resource metadata only at the
 * origin's root, and an issuer with a path whose metadata is only at OpenID Connect's own
 * form ({issuer}/.well-known/openid-configuration). Each address tried is a step of its own,
 * in order; the server offers no way for the client to identify itself, so the run stops
 * there with that reason, every step before it kept.
 */

const app = useServer();
let server: Server;
let origin = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    asked.push(`${request.method} ${path}`);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/mcp') return void response.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('Sign in first.');
    if (path === '/.well-known/oauth-protected-resource') return json(200, { resource: `${origin}/mcp`, authorization_servers: [`${origin}/tenant`] });
    if (path === '/tenant/.well-known/openid-configuration') {
      // No registration_endpoint and no client_id_metadata_document_supported: only a client id given beforehand would do.
      return json(200, {
        issuer: `${origin}/tenant`,
        authorization_endpoint: `${origin}/tenant/authorize`,
        token_endpoint: `${origin}/tenant/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function run(): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl: `${origin}/mcp`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri: `${app.url}/oauth-callback.html`, obtainConsent: () => Promise.reject(new Error('no consent should be asked')) },
  }).start();
}

describe('discovery when the server says little', () => {
  it('tries the well-known addresses in the spec’s order, each a step, and stops where no client identity is offered', async () => {
    const trace = await run();
    const urlsOf = (id: string) => trace.steps.filter((step) => step.id === id).map((step) => step.http?.url);
    expect(urlsOf('auth.resource-metadata')).toEqual([`${origin}/.well-known/oauth-protected-resource/mcp`, `${origin}/.well-known/oauth-protected-resource`]);
    expect(urlsOf('auth.server-metadata')).toEqual([
      `${origin}/.well-known/oauth-authorization-server/tenant`,
      `${origin}/.well-known/openid-configuration/tenant`,
      `${origin}/tenant/.well-known/openid-configuration`,
    ]);
    // The addresses that answered 404 say the host goes on to the next.
    expect(trace.steps.find((step) => step.id === 'auth.resource-metadata')?.note).toContain('tries the next address');
    expect(trace.steps.find((step) => step.id === 'auth.challenge')?.payload).toMatchObject({ 'www-authenticate': 'Bearer' });
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault).toMatchObject({
      what: `The authorization server ${origin}/tenant offers neither Client ID Metadata Documents nor dynamic registration, and no client id was given.`,
      fix: expect.stringContaining("the OAuth client id beside the server's URL in the model settings"),
    });
    expect(trace.steps.map((step) => step.id)).not.toContain('auth.authorization-request');
    expect(asked.filter((line) => line.includes('authorize') || line.includes('token'))).toEqual([]);
  });
});
