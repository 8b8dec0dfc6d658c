/**
 * The header-mismatch scenario's gateway: `?gateway=stale` on /mcp puts a stand-in for a
 * gateway in front of the server, one that routes on the 2026-07-28 Mcp-Name header and
 * rewrites it from a routing table that still has add_numbers under its old name. The
 * body is left as the host sent it, so the server sees a tools/call whose Mcp-Name names
 * one tool and whose params.name another, and answers as the spec says (400, -32020
 * HeaderMismatch) before the tool runs. Web-standard: it runs in the Service Worker too.
 */

export const STALE_GATEWAY_PARAMETER = 'gateway';
export const STALE_GATEWAY_VALUE = 'stale';

/** The gateway's routing table: the name a tool had, for the tool named now. */
const STALE_NAMES: Readonly<Record<string, string>> = { add_numbers: 'add' };

/** The request as the stale gateway passes it on: its Mcp-Name rewritten where the table has an older name, or the request itself. */
export function passStaleGateway(request: Request): Request {
  if (new URL(request.url).searchParams.get(STALE_GATEWAY_PARAMETER) !== STALE_GATEWAY_VALUE) return request;
  if (request.headers.get('mcp-method') !== 'tools/call') return request;
  const name = request.headers.get('mcp-name');
  const staleName = name === null || !Object.hasOwn(STALE_NAMES, name) ? undefined : STALE_NAMES[name];
  if (staleName === undefined) return request;
  const headers = new Headers(request.headers);
  headers.set('mcp-name', staleName);
  return new Request(request, { headers });
}
