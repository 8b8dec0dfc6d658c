import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/http/create-app.ts';
import { createServerRequest, findServerPath } from './server-routes.ts';

const base = new URL('https://example.github.io/explorer/');
const handles = (pathname: string) => pathname === '/mcp' || pathname === '/mcp/sessions' || pathname.startsWith('/mock/');

describe('which requests the worker answers', () => {
  it('answers the server paths under the site’s folder, named as the server knows them', () => {
    expect(findServerPath('https://example.github.io/explorer/mcp', base, handles)).toBe('/mcp');
    expect(findServerPath('https://example.github.io/explorer/mcp/sessions?expire-after=1', base, handles)).toBe('/mcp/sessions');
    expect(findServerPath('https://example.github.io/explorer/mock/anthropic/v1/messages', base, handles)).toBe('/mock/anthropic/v1/messages');
  });

  it("answers the authorization sandbox's discovery documents, which sit outside the folder (RFC 9728 §3.1)", () => {
    const sandbox = (pathname: string) =>
      pathname === '/.well-known/oauth-protected-resource/mcp/protected' || pathname === '/.well-known/oauth-authorization-server/oauth';
    expect(findServerPath('https://example.github.io/.well-known/oauth-protected-resource/explorer/mcp/protected?fault=wrong-issuer', base, sandbox)).toBe(
      '/.well-known/oauth-protected-resource/mcp/protected',
    );
    expect(findServerPath('https://example.github.io/.well-known/oauth-authorization-server/explorer/oauth', base, sandbox)).toBe(
      '/.well-known/oauth-authorization-server/oauth',
    );
    expect(findServerPath('https://example.github.io/.well-known/oauth-authorization-server/other-site/oauth', base, sandbox)).toBeNull();
    expect(findServerPath('https://example.github.io/.well-known/oauth-authorization-server/oauth', base, sandbox)).toBeNull();
    expect(findServerPath('https://example.github.io/.well-known/oauth-authorization-server/oauth', new URL('https://example.github.io/'), sandbox)).toBe(
      '/.well-known/oauth-authorization-server/oauth',
    );
  });

  it('leaves everything else alone: the site’s files, other folders, other origins', () => {
    expect(findServerPath('https://example.github.io/explorer/assets/index.js', base, handles)).toBeNull();
    expect(findServerPath('https://example.github.io/explorer/', base, handles)).toBeNull();
    expect(findServerPath('https://example.github.io/mcp', base, handles)).toBeNull();
    expect(findServerPath('https://example.github.io/other-site/mcp', base, handles)).toBeNull();
    expect(findServerPath('https://api.anthropic.com/mock/anthropic/v1/messages', base, handles)).toBeNull();
    expect(findServerPath('http://example.github.io/explorer/mcp', base, handles)).toBeNull();
  });
});

describe('the request the server receives', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('keeps method, headers, body and query, and passes the site’s own host check', async () => {
    app = createApp({ allowedHostnames: [base.hostname] });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    const request = new Request('https://example.github.io/explorer/mcp?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    const serverRequest = await createServerRequest(request, '/mcp');
    expect(serverRequest.url).toBe('https://example.github.io/mcp?x=1');
    expect(serverRequest.headers.get('content-type')).toBe('application/json');
    const response = await app.fetch(serverRequest);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"protocolVersion":"2025-11-25"');
  });

  it('is refused when another host is named, as in Node', async () => {
    app = createApp({ allowedHostnames: [base.hostname] });
    const request = await createServerRequest(new Request('https://rebound.example/explorer/mcp', { method: 'POST', body: '{}' }), '/mcp');
    expect((await app.fetch(request)).status).toBe(403);
  });
});
