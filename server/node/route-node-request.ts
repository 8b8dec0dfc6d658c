import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App, ClientIdentity } from '../http/index.ts';
import { findGuardRefusal, type GuardedRequest } from '../http/index.ts';
import { jsonResponse } from '../shared/index.ts';
import type { ClientIdCookies } from './client-id-cookie.ts';
import { readClientAddress, type ClientRateDecision } from './client-limits.ts';
import { createNodeListener } from './create-node-listener.ts';
import { STATIC_ALLOW, writeResponse, type StaticFiles } from './static-files.ts';
import { describeAppSandbox } from './app-sandbox-listener.ts';
import { APP_SANDBOX_ORIGIN_PATH } from '../../src/trace/index.ts';

/**
 * What the Node listener does with a request before (and instead of) the web-standard
 * app: the checks only a socket allows (the request target, Host and Origin before any
 * body is read, the client's cookie and rate), the methods a web Request cannot carry,
 * then the app or the built app's files.
 */

/** Methods the fetch standard forbids in a Request: the app cannot be handed them, so the listener refuses them itself. */
const WEB_REQUEST_FORBIDDEN_METHODS = ['TRACE', 'TRACK', 'CONNECT'];

/**
 * Who sent a request, as the app asks it: only the Node side knows the address and reads
 * the cookie, so the identity is noted on the Node request and carried to the web one.
 */
export type ClientTags = {
  tag: (incoming: IncomingMessage, identity: ClientIdentity) => void;
  carry: (incoming: IncomingMessage, request: Request) => void;
  identifyClient: (request: Request) => ClientIdentity | undefined;
};

export function createClientTags(): ClientTags {
  const clientOf = new WeakMap<IncomingMessage, ClientIdentity>();
  const requestClient = new WeakMap<Request, ClientIdentity>();
  return {
    tag: (incoming, identity) => clientOf.set(incoming, identity),
    carry: (incoming, request) => {
      const client = clientOf.get(incoming);
      if (client) requestClient.set(request, client);
    },
    identifyClient: (request) => requestClient.get(request),
  };
}

export type NodeRouting = {
  app: App;
  clients: ClientTags;
  /** Present when per-client limits are on. */
  clientIds: ClientIdCookies | undefined;
  rates: { take: (identity: ClientIdentity) => ClientRateDecision } | undefined;
  serveStatic: StaticFiles;
  log: (line: string) => void;
  /** The port of the sandbox of tools' views, once it listens (app-sandbox-listener.ts); /app-sandbox-origin names it. */
  appSandboxPort?: () => number | undefined;
};

export function createRequestListener({
  app,
  clients,
  clientIds,
  rates,
  serveStatic,
  log,
  appSandboxPort,
}: NodeRouting): (request: IncomingMessage, response: ServerResponse) => void {
  const handleApi = createNodeListener((request, incoming) => {
    clients.carry(incoming, request);
    return app.fetch(request);
  });

  return (request, response) => {
    const target = request.url ?? '';
    // Only a path ("origin-form"): the adapter would glue an absolute URL or "*" onto the Host and fail with 500.
    if (!target.startsWith('/')) {
      void writeResponse(jsonResponse(400, { error: 'Bad Request: the request target must be a path beginning with "/".' }), request, response);
      return;
    }
    // Every route, static files included, before any body is read.
    const refusal = findGuardRefusal(readGuardedRequest(request), app.guardLists);
    if (refusal) {
      void writeResponse(refusal, request, response);
      return;
    }
    // Read the path as the adapter will build the URL, so both agree on the route.
    const pathname = new URL(`http://localhost${target}`).pathname;
    const identity = clientIds?.identify(request, readClientAddress(request.socket));
    if (identity) {
      clients.tag(request, identity);
      // Set before any answer is written, so that every answer, a refusal included, gives a browser its id.
      if (identity.issue) response.setHeader('set-cookie', identity.issue);
    }
    const rate = identity && rates?.take(identity);
    if (rate && !rate.allowed) {
      void writeResponse(
        app.refuse({ pathname, status: 429, message: rate.message, headers: { 'retry-after': String(rate.retryAfterSeconds) } }),
        request,
        response,
      );
      return;
    }
    const sandboxPort = pathname === APP_SANDBOX_ORIGIN_PATH ? appSandboxPort?.() : undefined;
    if (sandboxPort !== undefined) {
      void writeResponse(describeAppSandbox(request, sandboxPort), request, response);
      return;
    }
    if (!app.handles(pathname)) {
      serveStatic(request, response);
      return;
    }
    if (WEB_REQUEST_FORBIDDEN_METHODS.includes(request.method ?? '')) {
      void writeResponse(app.refuseMethod(request.method ?? '', pathname), request, response);
      return;
    }
    handleApi(request, response).catch((error: unknown) => {
      log(`server error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"The server failed while answering."}');
      else response.destroy();
    });
  };
}

/** CONNECT asks for a tunnel: this server is no proxy, and every route refuses it with 405 and its Allow. */
export function answerConnect(request: IncomingMessage, app: App): Response {
  const refusal = findGuardRefusal(readGuardedRequest(request), app.guardLists);
  if (refusal) return refusal;
  const target = request.url ?? '';
  const pathname = target.startsWith('/') ? new URL(`http://localhost${target}`).pathname : undefined;
  if (pathname !== undefined && app.handles(pathname)) return app.refuseMethod('CONNECT', pathname);
  return jsonResponse(405, { error: 'Method CONNECT is not allowed: this server is not a proxy. Its files take GET.' }, { allow: STATIC_ALLOW });
}

/** The listener speaks plain HTTP: a page on this server has an http: origin. */
function readGuardedRequest(request: IncomingMessage): GuardedRequest {
  return { host: request.headers.host, origin: request.headers.origin, protocol: 'http:' };
}
