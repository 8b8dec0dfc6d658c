import type { IncomingMessage, ServerResponse } from 'node:http';
import { startCrossOriginServer } from './start-cross-origin-server.ts';

/**
 * An MCP server and its authorization server that a learner should never trust, on one
 * loopback port (a real HTTP server; a page on another origin may call it). Its 401, its
 * protected resource metadata and its authorization server metadata are those of a careful
 * server but for one address, which the test chooses: a `javascript:` authorization
 * endpoint, a `file:` token endpoint, a resource_metadata with a user name in it… Every
 * request it receives is kept, so a test can prove that nothing followed the address, and
 * `/pwned` counts the requests a script would make if it ever ran in the explorer.
 */

/** The places a URL is taken from in the authorization flow's documents. */
export const HOSTILE_PLACES = [
  'resource_metadata',
  'resource',
  'authorization_servers',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
] as const;
export type HostilePlace = (typeof HOSTILE_PLACES)[number];

export type HostileAuthorizationServer = {
  /** The MCP endpoint: every request to it answers 401 with a Bearer challenge. */
  mcpUrl: string;
  origin: string;
  /** `METHOD path` of every request, in order (CORS preflights left out). */
  received: string[];
  /** How many requests reached /pwned: a script the server slipped into the explorer would make one. */
  countPwned: () => number;
  close: () => Promise<void>;
};

/** The JavaScript a hostile server sends as an address: if it ever runs, in the explorer's origin, it marks the page and calls home. */
export function writeBeaconScript(origin: string): string {
  return `javascript:(()=>{try{(window.opener||window).__pwned=1}catch(e){}fetch('${origin}/pwned',{mode:'no-cors'})})()//`;
}

export async function startHostileAuthorizationServer({
  place,
  value,
}: {
  place: HostilePlace;
  value: string | ((origin: string) => string);
}): Promise<HostileAuthorizationServer> {
  const received: string[] = [];
  let origin = '';
  const hostile = () => (typeof value === 'function' ? value(origin) : value);
  const pick = (at: HostilePlace, honest: string) => (place === at ? hostile() : honest);
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    received.push(`${request.method} ${path}`);
    switch (path) {
      case '/mcp': {
        const resourceMetadata = pick('resource_metadata', `${origin}/.well-known/oauth-protected-resource/mcp`).replace(/"/g, '\\"');
        response
          .writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${resourceMetadata}", scope="mcp:tools"`, 'content-type': 'text/plain' })
          .end('Sign in first.');
        return;
      }
      case '/.well-known/oauth-protected-resource/mcp':
      case '/.well-known/oauth-protected-resource':
        return json(response, 200, {
          resource: pick('resource', `${origin}/mcp`),
          authorization_servers: [pick('authorization_servers', origin)],
          scopes_supported: ['mcp:tools'],
        });
      case '/.well-known/oauth-authorization-server':
        return json(response, 200, {
          issuer: origin,
          authorization_endpoint: pick('authorization_endpoint', `${origin}/authorize`),
          token_endpoint: pick('token_endpoint', `${origin}/token`),
          registration_endpoint: pick('registration_endpoint', `${origin}/register`),
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        });
      case '/register':
        return json(response, 201, { client_id: 'hostile-client', token_endpoint_auth_method: 'none', redirect_uris: [] });
      case '/pwned':
        response.writeHead(204).end();
        return;
      default:
        json(response, 404, { error: 'not_found' });
    }
  };
  const server = await startCrossOriginServer(handle);
  origin = server.url;
  return {
    mcpUrl: `${origin}/mcp`,
    origin,
    received,
    countPwned: () => received.filter((line) => line.endsWith(' /pwned')).length,
    close: server.close,
  };
}
