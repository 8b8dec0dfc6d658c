import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/http/create-app.ts';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendHttpRequest } from '../helpers/send-http-request.ts';
import { INITIALIZE, LEGACY_HEADERS, postMcp } from '../helpers/mcp-http.ts';

/** The new endpoints sit behind the same guards and CORS rules as /mcp. */

let server: RunningServer;
/** A page on another port, admitted as --allow-origin admits one. */
const origin = 'http://localhost:5173';
beforeAll(async () => {
  server = await serve({ port: 0, allowedOrigins: [origin] });
});
afterAll(async () => {
  await server.close();
});

const NEW_PATHS = ['/mcp/toolbox', '/mcp/sessions'];

describe('app.handles', () => {
  it('claims the three MCP endpoints and the mock, nothing else', async () => {
    const app = createApp();
    expect(['/mcp', '/mcp/toolbox', '/mcp/sessions', '/mcp/sessions/', '/mock/openai/v1/models'].every(app.handles)).toBe(true);
    expect(['/', '/mcp/other', '/mcpx', '/index.html'].some(app.handles)).toBe(false);
    await app.close();
  });
});

describe.each(NEW_PATHS)('%s', (path) => {
  it('refuses a foreign Host with 403', async () => {
    const response = await sendHttpRequest(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...LEGACY_HEADERS, host: 'evil.example' },
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Origin with 403', async () => {
    const answer = await postMcp(`${server.url}${path}`, INITIALIZE, { origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
  });

  it('answers a preflight from an admitted origin with 204, allowing the session header and DELETE', async () => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-type, mcp-session-id' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(response.headers.get('access-control-allow-headers')).toContain('mcp-session-id');
  });

  it('lets an admitted page read Mcp-Session-Id on the answer to initialize', async () => {
    const answer = await postMcp(`${server.url}${path}`, INITIALIZE, { origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
  });
});
