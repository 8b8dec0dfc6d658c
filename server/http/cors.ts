/**
 * Cross-origin answers: a page on an origin the server admits (say, the MCP Inspector on
 * another port, let in with --allow-origin) may call the app and read its MCP headers.
 * Whether the origin is admitted is request-guards.ts's to say; this only writes the headers.
 */

const CORS_ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const CORS_ALLOW_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
].join(', ');
const CORS_EXPOSE_HEADERS = ['mcp-session-id', 'mcp-protocol-version', 'x-mock-reasoning', 'www-authenticate'].join(', ');

/** The answer to a preflight. `anyHeaders`: a route that holds no secrets (the mock) accepts whatever headers a provider SDK asks to send. */
export function answerPreflight(request: Request, { anyHeaders }: { anyHeaders: boolean }): Response {
  const allowHeaders = anyHeaders ? (request.headers.get('access-control-request-headers') ?? CORS_ALLOW_HEADERS) : CORS_ALLOW_HEADERS;
  return new Response(null, {
    status: 204,
    headers: { 'access-control-allow-methods': CORS_ALLOW_METHODS, 'access-control-allow-headers': allowHeaders, 'access-control-max-age': '600' },
  });
}

/** The answer, readable by the admitted page that asked (with its MCP headers). */
export function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin');
  if (!origin) return response;
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  headers.append('vary', 'Origin');
  if (request.method === 'OPTIONS') {
    headers.set('access-control-allow-methods', CORS_ALLOW_METHODS);
    if (!headers.has('access-control-allow-headers')) headers.set('access-control-allow-headers', CORS_ALLOW_HEADERS);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
