import type { MockRoute, MockContext } from '../mock-model/index.ts';
import { exceedsJsonNesting, MAX_JSON_NESTING, MAX_REQUEST_BODY_BYTES, readBoundedBody } from '../shared/index.ts';

/**
 * What every mock model route shares, in front of its handler: the methods it
 * takes (405 with Allow for the rest), a bounded body (413 past the limit, before
 * the handler parses anything), a bounded nesting depth (the handlers walk the body
 * recursively), and HEAD answered like GET without a body. Errors
 * come in the route's own provider's shape, so a provider SDK shows them as it
 * would show the real provider's.
 */

export async function serveMockRoute(route: MockRoute, request: Request, context: MockContext): Promise<Response> {
  const { methods, handle, writeError } = route.endpoint;
  if (!methods.includes(request.method)) {
    // Each endpoint words its own 405, as its provider does.
    const response = await handle(request, context);
    // A copy, so headers are writable whatever Response the handler built.
    const headers = new Headers(response.headers);
    headers.set('allow', [...methods, 'OPTIONS'].join(', '));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (request.method === 'HEAD') return withoutBody(await handle(new Request(request.url, { method: 'GET', headers: request.headers }), context));
  if (request.method !== 'POST') return handle(request, context);

  const body = await readBoundedBody(request);
  if (body.kind === 'unreadable') return writeError({ status: 400, message: 'The request body could not be read: the connection ended before the body did.' });
  if (body.kind === 'too-large')
    return writeError({ status: 413, message: `The request body is too large: this mock model takes at most ${MAX_REQUEST_BODY_BYTES} bytes.` });
  if (exceedsJsonNesting(body.text))
    return writeError({
      status: 400,
      message: `The request body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep: this mock model reads no deeper.`,
    });
  // The handler reads the body again, from the bounded copy instead of the network.
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return handle(new Request(request.url, { method: 'POST', headers, body: body.text, signal: request.signal }), context);
}

/**
 * The 405 for a method a web Request cannot carry (TRACE, CONNECT), which never
 * reaches the handler: worded in the provider's shape, with the same Allow.
 */
export function refuseMockMethod(route: MockRoute, method: string): Response {
  const { methods, writeError } = route.endpoint;
  const response = writeError({ status: 405, message: `Method ${method} is not allowed here: use ${methods.join(' or ')}.` });
  const headers = new Headers(response.headers);
  headers.set('allow', [...methods, 'OPTIONS'].join(', '));
  return new Response(response.body, { status: 405, headers });
}

function withoutBody(response: Response): Response {
  void response.body?.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
