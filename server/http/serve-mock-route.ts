import { anthropicError } from '../mock-model/anthropic-endpoint.ts';
import { jsonResponse } from '../shared/json-response.ts';
import type { MockRoute } from '../mock-model/mock-routes.ts';
import { handleOpenAiModels } from '../mock-model/openai-chat-endpoint.ts';
import { exceedsJsonNesting, MAX_JSON_NESTING } from './json-nesting.ts';
import { MAX_REQUEST_BODY_BYTES, readBoundedBody } from './read-bounded-body.ts';

/**
 * What every mock model route shares, in front of its handler: the methods it
 * takes (405 with Allow for the rest), a bounded body (413 past the limit, before
 * the handler parses anything), a bounded nesting depth (the handlers walk the body
 * recursively), and HEAD answered like GET without a body. Errors
 * come in the route's own provider's shape, so a provider SDK shows them as it
 * would show the real provider's.
 */

export async function serveMockRoute(route: MockRoute, request: Request): Promise<Response> {
  const methods = listMockMethods(route);
  if (!methods.includes(request.method)) {
    // The provider endpoints word their own 405; the models list never had to.
    const response = route.handle === handleOpenAiModels
      ? createProviderError(route, 405, `Use GET for /v1/models, not ${request.method}.`)
      : await route.handle(request);
    // A copy, so headers are writable whatever Response the handler built.
    const headers = new Headers(response.headers);
    headers.set('allow', [...methods, 'OPTIONS'].join(', '));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (request.method === 'HEAD') return withoutBody(await route.handle(new Request(request.url, { method: 'GET', headers: request.headers })));
  if (request.method !== 'POST') return route.handle(request);

  let body;
  try {
    body = await readBoundedBody(request);
  } catch {
    return createProviderError(route, 400, 'The request body could not be read: the connection ended before the body did.');
  }
  if (body.tooLarge) return createProviderError(route, 413, `The request body is too large: this mock model takes at most ${MAX_REQUEST_BODY_BYTES} bytes.`);
  if (exceedsJsonNesting(body.text)) return createProviderError(route, 400, `The request body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep: this mock model reads no deeper.`);
  // The handler reads the body again, from the bounded copy instead of the network.
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return route.handle(new Request(request.url, { method: 'POST', headers, body: body.text, signal: request.signal }));
}

/**
 * The 405 for a method a web Request cannot carry (TRACE, CONNECT), which never
 * reaches the handler: worded in the provider's shape, with the same Allow.
 */
export function refuseMockMethod(route: MockRoute, method: string): Response {
  const methods = listMockMethods(route);
  const response = createProviderError(route, 405, `Method ${method} is not allowed here: use ${methods.join(' or ')}.`);
  const headers = new Headers(response.headers);
  headers.set('allow', [...methods, 'OPTIONS'].join(', '));
  return new Response(response.body, { status: 405, headers });
}

/**
 * Every provider route takes a POST, as the real provider does. The models list is
 * read with GET, and answers a POST too: the explorer's wrong-address lesson points
 * an MCP client at it to show an answer in JSON that is not JSON-RPC.
 */
function listMockMethods(route: MockRoute): string[] {
  return route.handle === handleOpenAiModels ? ['GET', 'HEAD', 'POST'] : ['POST'];
}

function withoutBody(response: Response): Response {
  void response.body?.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** An error as the route's provider words one: OpenAI, Anthropic, Google and Ollama each have their own envelope. */
export function createProviderError(route: MockRoute, status: number, message: string): Response {
  const wire = route.wires[0] ?? '';
  if (wire === 'anthropic') return anthropicError(status, message, status === 413 ? 'request_too_large' : 'invalid_request_error');
  if (wire === 'gemini') {
    const statusName = status === 405 ? 'UNIMPLEMENTED' : 'INVALID_ARGUMENT';
    return jsonResponse(status, { error: { code: status, message, status: statusName } });
  }
  if (wire === 'ollama') return jsonResponse(status, { error: message });
  return jsonResponse(status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}
