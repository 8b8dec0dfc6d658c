import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync } from 'node:fs';
import sirv from 'sirv';
import { createApp, type AppOptions } from '../http/create-app.ts';
import { findGuardRefusal, type GuardedRequest } from '../http/request-guards.ts';
import { jsonResponse } from '../shared/json-response.ts';
import { isLoopbackAddress, isWildcardAddress, listDefaultAllowedHostnames } from './bind-address.ts';
import { answerBeforeBody } from './answer-before-body.ts';
import { createClientRates, DEFAULT_CLIENT_LIMITS, DEFAULT_MAX_CONNECTIONS, readClientAddress, type ClientLimits } from './client-limits.ts';
import { createClientIdCookies } from './client-id-cookie.ts';
import type { ClientIdentity } from '../http/session-limits.ts';
import { installConnectionGate } from './connection-gate.ts';
import { createNodeListener } from './create-node-listener.ts';
import { findSecurityHeaders, readPageScriptHashes } from './security-headers.ts';
import { writeRawAnswer } from './write-raw-answer.ts';
import type { NamedStdioCommand } from './parse-stdio-command.ts';
import { startStdioBridges } from './stdio-bridge.ts';

/**
 * A bridge runs a program on this machine for whoever can reach the port: with no
 * password, that must be this machine only, unless the person starting it says otherwise.
 */
export function refuseExposedBridges({ host, count, allowed }: { host: string; count: number; allowed: boolean }): void {
  if (count === 0 || allowed || isLoopbackAddress(host)) return;
  throw new Error(
    `Refusing to bridge stdio servers while listening on ${host}: anyone who can reach this address could drive the ${count === 1 ? 'program' : `${count} programs`} started with --stdio, with no password. Leave out --host to listen on 127.0.0.1 only, or add --allow-stdio-beyond-loopback if every machine that can reach ${host} is yours.`,
  );
}

export type ServeOptions = Omit<AppOptions, 'maxSessionsPerClient' | 'maxSessionsPerAddress' | 'identifyClient'> & {
  port?: number;
  /** The address to listen on: 127.0.0.1 unless told otherwise. */
  host?: string;
  /** A built app to serve at /, next to /mcp and /mock. */
  staticDirectory?: string;
  /** Connections open at once from everyone (default DEFAULT_MAX_CONNECTIONS, 2048); one more is answered 503 and closed. */
  maxConnections?: number;
  /**
   * Per-client limits (a client is a browser, by the id the server gives it in a cookie, or
   * its address's own client without one; the address bounds them all). By default on beyond
   * loopback (DEFAULT_CLIENT_LIMITS) and off on loopback, where every client is this
   * machine; false turns them off.
   */
  clientLimits?: Partial<ClientLimits> | false;
  log?: (line: string) => void;
  /** Stdio MCP servers to start and bridge at /mcp/stdio/NAME (from npm start's command line only). */
  stdioServers?: NamedStdioCommand[];
  /** Bridge stdio servers even when listening beyond loopback, where anyone who reaches the port can drive them. */
  allowStdioBeyondLoopback?: boolean;
};

export type RunningServer = {
  url: string;
  port: number;
  /** Live sessions on every session endpoint. */
  countSessions: () => number;
  /** Open connections now. */
  countConnections: () => number;
  /** The stdio servers bridged at /mcp/stdio/NAME. */
  stdioServerNames: string[];
  close: () => Promise<void>;
};

/** A whole request must arrive within this, or Node answers 408 and closes: a trickling client cannot hold a socket for ever. */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;
const STATIC_METHODS = ['GET', 'HEAD'];
const STATIC_ALLOW = [...STATIC_METHODS, 'OPTIONS'].join(', ');
/** Methods the fetch standard forbids in a Request: the app cannot be handed them, so the listener refuses them itself. */
const WEB_REQUEST_FORBIDDEN_METHODS = ['TRACE', 'TRACK', 'CONNECT'];

/** The per-client limits in force: the defaults beyond loopback, what was asked for, or none. */
export function resolveClientLimits(host: string, requested: Partial<ClientLimits> | false | undefined): ClientLimits | undefined {
  if (requested === false) return undefined;
  if (requested === undefined) return isLoopbackAddress(host) ? undefined : DEFAULT_CLIENT_LIMITS;
  return { ...DEFAULT_CLIENT_LIMITS, ...requested };
}

/** Listens on one port (127.0.0.1 unless told otherwise) and serves the app, /mcp and /mock. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const clientLimits = resolveClientLimits(host, options.clientLimits);
  const clientIds = clientLimits ? createClientIdCookies() : undefined;
  // The app asks who sent a request; only the Node side knows the address and reads the cookie.
  const clientOf = new WeakMap<IncomingMessage, ClientIdentity>();
  const requestClient = new WeakMap<Request, ClientIdentity>();
  // Bound elsewhere than loopback, the bind address is a name clients may use too.
  const allowedHostnames = options.allowedHostnames ?? listDefaultAllowedHostnames(host);
  if (options.staticDirectory && !existsSync(options.staticDirectory)) {
    throw new Error(`The built app is missing at ${options.staticDirectory}. Run "npm run build" first (npm start does it for you).`);
  }
  // The policy names the built pages' inline scripts by hash: read from the pages this server sends.
  const scriptHashes = options.staticDirectory ? await readPageScriptHashes(options.staticDirectory) : [];
  refuseExposedBridges({ host, count: options.stdioServers?.length ?? 0, allowed: options.allowStdioBeyondLoopback === true });
  const stdioBridges = options.stdioServers?.length ? await startStdioBridges({ servers: options.stdioServers, log }) : undefined;
  const app = createApp({
    ...options,
    ...(stdioBridges ? { stdioBridges } : {}),
    allowedHostnames,
    ...(clientLimits
      ? { maxSessionsPerClient: clientLimits.maxSessions, maxSessionsPerAddress: clientLimits.maxSessions * clientLimits.clientsPerAddress, identifyClient: (request: Request) => requestClient.get(request) }
      : {}),
    onError: options.onError ?? ((error) => log(`server error: ${error.message}`)),
  });
  const handleApi = createNodeListener((request, incoming) => {
    const client = clientOf.get(incoming);
    if (client) requestClient.set(request, client);
    return app.fetch(request);
  });
  const rates = clientLimits ? createClientRates(clientLimits) : undefined;
  const serveStatic = options.staticDirectory
    ? sirv(options.staticDirectory, {
        single: true,
        etag: true,
        gzip: false,
        dev: false,
        setHeaders: (response) => {
          // sirv gives the path alone; the embed view's exception is in the query (the request's own URL).
          const search = new URL(response.req.url ?? '/', 'http://127.0.0.1').search;
          for (const [name, value] of Object.entries(findSecurityHeaders({ search, scriptHashes }))) response.setHeader(name, value);
        },
      })
    : undefined;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
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
      clientOf.set(request, identity);
      // Set before any answer is written, so that every answer, a refusal included, gives a browser its id.
      if (identity.issue) response.setHeader('set-cookie', identity.issue);
    }
    const rate = identity && rates?.take(identity);
    if (rate && !rate.allowed) {
      void writeResponse(app.refuse({ pathname, status: 429, message: rate.message, headers: { 'retry-after': String(rate.retryAfterSeconds) } }), request, response);
      return;
    }
    if (app.handles(pathname) && WEB_REQUEST_FORBIDDEN_METHODS.includes(request.method ?? '')) {
      void writeResponse(app.refuseMethod(request.method ?? '', pathname), request, response);
      return;
    }
    if (app.handles(pathname)) {
      handleApi(request, response).catch((error: unknown) => {
        log(`server error: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"The server failed while answering."}');
        else response.destroy();
      });
      return;
    }
    serveStaticRoute(request, response);
  });
  // Counted when a connection opens, before a request on it can name its client: by address, at the address's bound.
  const gate = installConnectionGate(server, { maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, maxConnectionsPerAddress: clientLimits && clientLimits.maxConnections * clientLimits.clientsPerAddress });
  // Node hands a CONNECT request over as a bare socket, and closes it unanswered when nobody takes it.
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    gate.adopt(socket);
    void writeRawAnswer(socket, answerConnect(request));
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;

  /** CONNECT asks for a tunnel: this server is no proxy, and every route refuses it with 405 and its Allow. */
  function answerConnect(request: IncomingMessage): Response {
    const refusal = findGuardRefusal(readGuardedRequest(request), app.guardLists);
    if (refusal) return refusal;
    const target = request.url ?? '';
    const pathname = target.startsWith('/') ? new URL(`http://localhost${target}`).pathname : undefined;
    if (pathname !== undefined && app.handles(pathname)) return app.refuseMethod('CONNECT', pathname);
    return jsonResponse(405, { error: 'Method CONNECT is not allowed: this server is not a proxy. Its files take GET.' }, { allow: STATIC_ALLOW });
  }

  function serveStaticRoute(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204, { allow: STATIC_ALLOW }).end();
      return;
    }
    if (!serveStatic) {
      void writeResponse(new Response('Not found. This server offers /mcp, /mcp/toolbox, /mcp/sessions, /mcp/stdio (bridged stdio servers) and the mock model under /mock (for example /mock/openai/v1).', { status: 404, headers: { 'content-type': 'text/plain' } }), request, response);
      return;
    }
    if (!STATIC_METHODS.includes(method)) {
      void writeResponse(jsonResponse(405, { error: `Method ${method} is not allowed for the explorer's files: use GET.` }, { allow: STATIC_ALLOW }), request, response);
      return;
    }
    serveStatic(request, response, () => {
      response.writeHead(404).end('Not found');
    });
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    // A port in use must not leave the bridged programs running behind a server that never listened.
    await stdioBridges?.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  // A wildcard address is no place to send a request to (nor an allowed Host): this machine reaches it at 127.0.0.1.
  const reachableHost = isWildcardAddress(host) ? '127.0.0.1' : host;
  const shownHost = reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    countSessions: () => app.countSessions(),
    countConnections: () => gate.countConnections(),
    stdioServerNames: stdioBridges?.list().map((bridge) => bridge.name) ?? [],
    close: async () => {
      await app.close();
      await stdioBridges?.close();
      server.closeAllConnections();
      gate.destroyOwnSockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The listener speaks plain HTTP: a page on this server has an http: origin. */
function readGuardedRequest(request: IncomingMessage): GuardedRequest {
  return { host: request.headers.host, origin: request.headers.origin, protocol: 'http:' };
}

/** A short answer written without reading the request body: what is left of one is read and dropped, up to a bound, so the client can read the answer. */
async function writeResponse(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  await answerBeforeBody({ answer, incoming: request, outgoing: response });
}
