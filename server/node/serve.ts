import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp, type AppOptions } from '../http/index.ts';
import { isLoopbackAddress, isWildcardAddress, listDefaultAllowedHostnames } from './bind-address.ts';
import { createClientRates, DEFAULT_CLIENT_LIMITS, DEFAULT_MAX_CONNECTIONS, type ClientLimits } from './client-limits.ts';
import { createClientIdCookies } from './client-id-cookie.ts';
import { installConnectionGate } from './connection-gate.ts';
import { answerConnect, createClientTags, createRequestListener } from './route-node-request.ts';
import { readPageHashes } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { writeRawAnswer } from './write-raw-answer.ts';
import type { NamedStdioCommand } from './parse-stdio-command.ts';
import { startStdioBridges } from './bridge-sessions.ts';
import { startAppSandboxListener, type AppSandboxListener } from './app-sandbox-listener.ts';
import { APP_SANDBOX_PAGE } from '../../src/trace/index.ts';

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
  /** With the app served, a second port for the sandbox of tools' views (MCP Apps); on unless false. */
  appSandbox?: boolean;
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
  /** The sandbox page of tools' views, on its own port, when the app is served. */
  appSandboxUrl?: string;
  close: () => Promise<void>;
};

/** A whole request must arrive within this, or Node answers 408 and closes: a trickling client cannot hold a socket for ever. */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;

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
  const clients = createClientTags();
  if (options.staticDirectory && !existsSync(options.staticDirectory)) {
    throw new Error(`The built app is missing at ${options.staticDirectory}. Run "npm run build" first (npm start does it for you).`);
  }
  // The policy names the built pages' inline scripts by hash: read from the pages this server sends.
  const pageHashes = options.staticDirectory ? await readPageHashes(options.staticDirectory) : { scriptHashes: [], styleHashes: [] };
  refuseExposedBridges({ host, count: options.stdioServers?.length ?? 0, allowed: options.allowStdioBeyondLoopback === true });
  const stdioBridges = options.stdioServers?.length ? await startStdioBridges({ servers: options.stdioServers, log }) : undefined;
  const app = createApp({
    ...options,
    ...(stdioBridges ? { stdioBridges } : {}),
    // Bound elsewhere than loopback, the bind address is a name clients may use too.
    allowedHostnames: options.allowedHostnames ?? listDefaultAllowedHostnames(host),
    // Beyond loopback anyone could make the mock's MCP client send requests anywhere: it then calls this app's own endpoints only.
    providerMcp: { servers: isLoopbackAddress(host) ? 'any' : 'own', ...options.providerMcp },
    ...(clientLimits
      ? {
          maxSessionsPerClient: clientLimits.maxSessions,
          maxSessionsPerAddress: clientLimits.maxSessions * clientLimits.clientsPerAddress,
          identifyClient: clients.identifyClient,
        }
      : {}),
    onError: options.onError ?? ((error) => log(`server error: ${error.message}`)),
  });
  // Set once the explorer listens (the sandbox's framing names the explorer's port).
  let appSandbox: AppSandboxListener | undefined;
  const server = createServer(
    createRequestListener({
      app,
      clients,
      clientIds: clientLimits ? createClientIdCookies() : undefined,
      rates: clientLimits ? createClientRates(clientLimits) : undefined,
      serveStatic: createStaticFiles({ staticDirectory: options.staticDirectory, pageHashes, viewSandboxPort: () => appSandbox?.port }),
      log,
      appSandboxPort: () => appSandbox?.port,
    }),
  );
  // Counted when a connection opens, before a request on it can name its client: by address, at the address's bound.
  const gate = installConnectionGate(server, {
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    maxConnectionsPerAddress: clientLimits && clientLimits.maxConnections * clientLimits.clientsPerAddress,
  });
  // Node hands a CONNECT request over as a bare socket, and closes it unanswered when nobody takes it.
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    gate.adopt(socket);
    void writeRawAnswer(socket, answerConnect(request, app));
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;

  const address = await listenOrStop(server, { port: options.port ?? 0, host, stdioBridges });
  // The sandbox of tools' views, on a port of its own: another origin, as the MCP Apps extension wants.
  // A build without the sandbox page (a test's folder of files) has no view sandbox: the page then frames views on its own origin, opaque.
  if (options.staticDirectory && options.appSandbox !== false && existsSync(path.join(options.staticDirectory, APP_SANDBOX_PAGE)))
    appSandbox = await startAppSandboxListener({ staticDirectory: options.staticDirectory, host, explorerPort: address.port, guardLists: app.guardLists });
  return {
    url: `http://${showReachableHost(host)}:${address.port}`,
    port: address.port,
    countSessions: () => app.countSessions(),
    countConnections: () => gate.countConnections(),
    stdioServerNames: stdioBridges?.list().map((bridge) => bridge.name) ?? [],
    ...(appSandbox ? { appSandboxUrl: `http://${showReachableHost(host)}:${appSandbox.port}/${APP_SANDBOX_PAGE}` } : {}),
    close: async () => {
      await appSandbox?.close();
      await app.close();
      await stdioBridges?.close();
      server.closeAllConnections();
      gate.destroyOwnSockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Listens on the port; a port in use must not leave the bridged programs running behind a server that never listened. */
async function listenOrStop(
  server: Server,
  { port, host, stdioBridges }: { port: number; host: string; stdioBridges: { close: () => Promise<void> } | undefined },
): Promise<AddressInfo> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await stdioBridges?.close();
    throw error;
  }
  return server.address() as AddressInfo;
}

/** A wildcard address is no place to send a request to (nor an allowed Host): this machine reaches it at 127.0.0.1. */
function showReachableHost(host: string): string {
  const reachableHost = isWildcardAddress(host) ? '127.0.0.1' : host;
  return reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost;
}
